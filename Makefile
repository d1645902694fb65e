# The two commands of the quick start. The scripts in scripts/ do the work and say what they do.
.PHONY: run test
run:
	@scripts/run.sh
test:
	@scripts/test.sh
