#!/usr/bin/env python3
"""Generate the labelled ATS evaluation set: 8 job descriptions x 10 resumes.

Each resume is written from a persona whose fit for the job was decided by a person before any
scoring code existed; the label (good / partial / poor) is that judgement, not a score.
Hard cases on purpose: skills written as synonyms or abbreviations, keyword stuffing, skills
named only under projects, the right skills at the wrong seniority, and an adjacent profession
that uses the same tools.

Output (committed): jds/jdNN.json (the spec's JD field names), resumes/jdNN/rNN.txt,
labels.tsv (jd, resume, label, persona) and contacts.tsv (resume, name, email, E.164 phone).
"Present" in a resume means the evaluation month, AS_OF below.
Usage: python3 crates/ats/eval/make_eval.py
"""
import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent
AS_OF = (2025, 6)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS_LONG = ["January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December"]

# name as written, expected parsed name, email user
NAMES = [
    ("Rahul Verma", None), ("Sneha Kulkarni", None), ("Arjun Nair", None), ("Fatima Khan", None),
    ("Vikram Singh Rathore", None), ("Neha Gupta", None), ("Karthik Subramanian", None),
    ("Pooja Reddy", None), ("Amit Joshi", None), ("Divya Menon", None), ("Rohan Desai", None),
    ("Ishita Banerjee", None), ("Siddharth Rao", None), ("Meera Pillai", None), ("Aditya Kapoor", None),
    ("Sofía Hernández", None), ("François Dubois", None), ("Björn Lindqvist", None),
    ("Łukasz Nowak", None), ("Ольга Смирнова", None), ("Алексей Петров", None), ("Chloé Martin", None),
    ("Tomás O'Brien", None), ("Nguyen Van An", None), ("Kwame Mensah", None), ("Aisha Bello", None),
    ("Hiroshi Tanaka", None), ("Li Wei", None), ("Emily Carter", None), ("Daniel Kim", None),
    ("ANJALI SHARMA", "Anjali Sharma"), ("MOHAMMED IRFAN", "Mohammed Irfan"),
    ("Lakshmi Narayanan", None), ("Gaurav Malhotra", None), ("Ritu Agarwal", None),
    ("Sanjay Patel", None), ("Kavya Krishnan", None), ("Harpreet Kaur", None), ("Nikhil Bhatt", None),
    ("Shreya Ghosh", None),
]

DOMAINS = ["gmail.com", "outlook.com", "yahoo.co.in", "proton.me", "hotmail.com", "example.org"]

JDS = [
    dict(
        id="jd01", title="Senior Backend Engineer (Go)", min=5, max=None, exp="5+ years of backend development",
        req=["Go", "PostgreSQL", "Kafka", "Kubernetes", "Microservices"], pref=["AWS", "gRPC", "Redis"],
        syn={"Go": "Golang", "PostgreSQL": "Postgres", "Kubernetes": "k8s", "Microservices": "micro-services",
             "AWS": "Amazon Web Services", "Kafka": "Apache Kafka", "Redis": "Redis"},
        role="Backend Engineer", senior_role="Senior Backend Engineer",
        duties=["Built {a} services for payments with {b}", "Designed event pipelines on {a} and {b}",
                "Ran {a} workloads and tuned {b} queries", "Owned on-call for {a} systems; improved {b} latency"],
        domain="high-throughput payment APIs",
        adjacent=dict(role="Site Reliability Engineer", skills=["Kubernetes", "PostgreSQL", "Prometheus", "Terraform", "Linux"],
                      duties=["Kept {a} clusters healthy and patched", "Automated {a} failover and {b} backups"]),
        unrelated=dict(role="Civil Site Engineer", skills=["AutoCAD", "Project Management", "Quantity Surveying"],
                       duties=["Supervised {a} for residential towers", "Prepared {b} reports for the client"]),
    ),
    dict(
        id="jd02", title="Frontend Developer (React)", min=2, max=4, exp="2-4 years",
        req=["React", "TypeScript", "JavaScript", "CSS", "Jest"], pref=["Next.js", "Redux", "Accessibility"],
        syn={"React": "React.js", "TypeScript": "TS", "JavaScript": "JS (ES6)", "CSS": "CSS3", "Jest": "Jest",
             "Next.js": "NextJS", "Redux": "Redux", "Accessibility": "WCAG"},
        role="Frontend Developer", senior_role="Frontend Developer",
        duties=["Built {a} components and pages with {b}", "Shipped {a} features covered by {b} tests",
                "Refactored legacy screens to {a}; improved {b} bundle size", "Worked with designers on {a} and {b} layouts"],
        domain="customer-facing web applications",
        adjacent=dict(role="Backend Node.js Developer", skills=["JavaScript", "Node.js", "Express.js", "MongoDB", "Jest"],
                      duties=["Built {a} APIs with {b}", "Wrote {a} tests for {b} services"]),
        unrelated=dict(role="Store Manager", skills=["Retail Operations", "Inventory Management", "Customer Service"],
                       duties=["Handled {a} for a busy outlet", "Improved {b} across two branches"]),
    ),
    dict(
        id="jd03", title="Data Engineer", min=3, max=6, exp="3 to 6 years in data engineering",
        req=["Python", "SQL", "Apache Spark", "Airflow", "AWS"], pref=["Kafka", "Snowflake", "dbt"],
        syn={"Python": "Python 3", "SQL": "SQL", "Apache Spark": "PySpark", "Airflow": "Apache Airflow",
             "AWS": "Amazon Web Services (S3, EMR)", "Kafka": "Kafka", "Snowflake": "Snowflake", "dbt": "dbt"},
        role="Data Engineer", senior_role="Senior Data Engineer",
        duties=["Built batch pipelines in {a} orchestrated by {b}", "Modelled warehouse tables with {a} and {b}",
                "Moved terabytes daily with {a} on {b}", "Tuned {a} jobs and cut {b} costs"],
        domain="ETL pipelines and data warehousing",
        adjacent=dict(role="Data Analyst", skills=["SQL", "Python", "Tableau", "Excel", "Statistics"],
                      duties=["Built {a} dashboards for sales leadership", "Analysed funnels with {a} and {b}"]),
        unrelated=dict(role="Hotel Front Office Executive", skills=["Guest Relations", "Reservations", "Customer Service"],
                       duties=["Managed {a} at the front desk", "Handled {b} for corporate groups"]),
    ),
    dict(
        id="jd04", title="DevOps Engineer", min=3, max=None, exp="Minimum 3 years in DevOps or SRE",
        req=["Kubernetes", "Terraform", "AWS", "CI/CD", "Linux"], pref=["Prometheus", "Ansible", "Helm"],
        syn={"Kubernetes": "K8s", "Terraform": "infrastructure as code (Terraform)", "AWS": "Amazon Web Services",
             "CI/CD": "continuous integration and delivery", "Linux": "Ubuntu/RHEL", "Prometheus": "Prometheus",
             "Ansible": "Ansible", "Helm": "Helm charts"},
        role="DevOps Engineer", senior_role="Senior DevOps Engineer",
        duties=["Automated {a} provisioning with {b}", "Ran production {a} clusters on {b}",
                "Built {a} pipelines and hardened {b} hosts", "Set up {a} alerting for {b} services"],
        domain="cloud infrastructure automation",
        adjacent=dict(role="Backend Java Developer", skills=["Java", "Spring Boot", "Docker", "AWS", "Linux"],
                      duties=["Built {a} services with {b}", "Deployed {a} apps to {b}"]),
        unrelated=dict(role="Content Writer", skills=["Copywriting", "Content Marketing", "SEO"],
                       duties=["Wrote {a} for lifestyle brands", "Planned {b} calendars"]),
    ),
    dict(
        id="jd05", title="QA Automation Engineer", min=2, max=5, exp="2-5 years of QA automation",
        req=["Selenium", "Java", "Test Automation", "API Testing", "CI/CD"], pref=["Performance Testing", "Jira", "SQL"],
        syn={"Selenium": "Selenium WebDriver", "Java": "Core Java", "Test Automation": "automation testing",
             "API Testing": "Postman", "CI/CD": "Jenkins", "Performance Testing": "JMeter", "Jira": "JIRA", "SQL": "SQL"},
        role="QA Automation Engineer", senior_role="Senior QA Automation Engineer",
        duties=["Automated regression suites with {a} and {b}", "Built {a} frameworks run from {b}",
                "Wrote {a} checks for {b} endpoints", "Reduced release testing time using {a} and {b}"],
        domain="test automation frameworks",
        adjacent=dict(role="Manual Test Engineer", skills=["Manual Testing", "Jira", "SQL", "API Testing"],
                      duties=["Executed {a} test cases for releases", "Logged defects in {a}; verified data with {b}"]),
        unrelated=dict(role="Graphic Designer", skills=["Photoshop", "Illustrator", "Branding"],
                       duties=["Designed {a} creatives for campaigns", "Built {b} guidelines"]),
    ),
    dict(
        id="jd06", title="Machine Learning Engineer (NLP)", min=3, max=None, exp="3+ years building ML systems",
        req=["Python", "Machine Learning", "PyTorch", "NLP", "Docker"], pref=["LLMs", "AWS", "FastAPI"],
        syn={"Python": "Python", "Machine Learning": "ML", "PyTorch": "Torch", "NLP": "natural language processing",
             "Docker": "containerization (Docker)", "LLMs": "large language models", "AWS": "AWS SageMaker", "FastAPI": "FastAPI"},
        role="Machine Learning Engineer", senior_role="Senior Machine Learning Engineer",
        duties=["Trained {a} models in {b} for text classification", "Served {a} models behind {b}",
                "Built {a} evaluation pipelines using {b}", "Fine-tuned {a} transformers with {b}"],
        domain="production NLP models",
        adjacent=dict(role="Data Analyst", skills=["Python", "SQL", "Excel", "Tableau", "Statistics"],
                      duties=["Built weekly {a} reports", "Analysed customer churn with {a} and {b}"]),
        unrelated=dict(role="Mechanical Design Engineer", skills=["SolidWorks", "AutoCAD", "GD&T"],
                       duties=["Designed fixtures in {a}", "Prepared drawings with {b}"]),
    ),
    dict(
        id="jd07", title="Accountant", min=2, max=5, exp="2-5 years of accounting experience",
        req=["Accounting", "Tally", "GST", "Taxation", "Excel"], pref=["Payroll", "SAP", "Financial Modelling"],
        syn={"Accounting": "bookkeeping", "Tally": "Tally ERP 9", "GST": "Goods and Services Tax", "Taxation": "TDS and income tax",
             "Excel": "MS Excel", "Payroll": "payroll", "SAP": "SAP FICO", "Financial Modelling": "financial modeling"},
        role="Accountant", senior_role="Senior Accountant",
        duties=["Handled {a} and monthly closing in {b}", "Filed {a} returns and reconciled {b}",
                "Prepared {a} schedules in {b}", "Managed {a} for 40 vendor accounts with {b}"],
        domain="statutory compliance and month-end closing",
        adjacent=dict(role="Financial Sales Advisor", skills=["Sales", "Excel", "CRM", "Customer Service"],
                      duties=["Sold insurance products; tracked leads in {a}", "Prepared {a} reports for targets"]),
        unrelated=dict(role="Android Developer", skills=["Kotlin", "Android", "Firebase"],
                       duties=["Built {a} apps for retail", "Shipped {b} features"]),
    ),
    dict(
        id="jd08", title="Product Designer", min=4, max=None, exp="At least 4 years designing digital products",
        req=["Figma", "UX Research", "Wireframing", "UI Design", "Design Systems"], pref=["Accessibility", "Usability Testing", "HTML"],
        syn={"Figma": "Figma", "UX Research": "user research", "Wireframing": "wireframes and prototypes",
             "UI Design": "UI/UX", "Design Systems": "component libraries (design system)", "Accessibility": "WCAG",
             "Usability Testing": "usability tests", "HTML": "HTML5"},
        role="Product Designer", senior_role="Senior Product Designer",
        duties=["Designed onboarding flows in {a} backed by {b}", "Ran {a} sessions and turned findings into {b}",
                "Built {a} for three product lines with {b}", "Led {a} for a mobile banking app using {b}"],
        domain="mobile and web products",
        adjacent=dict(role="Graphic Designer", skills=["Photoshop", "Illustrator", "Figma", "Branding"],
                      duties=["Designed print and social {a} creatives", "Built brand assets in {a} and {b}"]),
        unrelated=dict(role="Logistics Coordinator", skills=["Supply Chain", "Inventory Management", "SAP"],
                       duties=["Coordinated {a} for warehouses", "Tracked {b} in {b}"]),
    ),
]

# persona, label, how it is written
PERSONAS = [
    ("strong", "good"), ("synonyms", "good"), ("projects_only", "good"), ("most_skills", "good"),
    ("junior_right_skills", "partial"), ("half_skills", "partial"), ("adjacent", "partial"),
    ("keyword_stuffing", "poor"), ("unrelated", "poor"), ("fresher_few", "poor"),
]


def fmt_range(rng, start, end, style):
    """start/end are (year, month); end None = Present."""
    def one(ym):
        y, m = ym
        return {0: f"{MONTHS[m-1]} {y}", 1: f"{m:02d}/{y}", 2: f"{MONTHS_LONG[m-1]} {y}", 3: f"{y}"}[style]
    dash = rng.choice([" – ", " - ", " to ", "–", " — "])
    return one(start) + dash + ("Present" if end is None else one(end))


def back(ym, months):
    y, m = ym
    t = y * 12 + (m - 1) - months
    return (t // 12, t % 12 + 1)


def phone_variant(rng, i):
    """A phone as written and its E.164 form."""
    n = f"{rng.randint(6,9)}{rng.randint(100000000, 999999999)}"
    kind = i % 7
    if kind == 0:
        return f"+91 {n[:5]} {n[5:]}", "+91" + n
    if kind == 1:
        return f"+91-{n}", "+91" + n
    if kind == 2:
        return f"{n[:5]}-{n[5:]}", "+91" + n
    if kind == 3:
        return f"0{n}", "+91" + n
    if kind == 4:
        us = f"{rng.randint(201, 989)}{rng.randint(200, 999)}{rng.randint(1000, 9999)}"
        return f"+1 ({us[:3]}) {us[3:6]}-{us[6:]}", "+1" + us
    if kind == 5:
        uk = f"7{rng.randint(100000000, 999999999)}"
        return f"+44 {uk[:4]} {uk[4:]}", "+44" + uk
    return f"(+91) {n[:3]} {n[3:6]} {n[6:]}", "+91" + n


def duties_for(rng, duties, skills, n):
    out = []
    for i in range(n):
        d = duties[i % len(duties)]
        a = skills[i % len(skills)]
        b = skills[(i + 1) % len(skills)] if len(skills) > 1 else a
        out.append(d.format(a=a, b=b) + ".")
    return out


def resume(rng, jd, persona, person, phone, email, layout):
    name = person[0]
    req, pref, syn = jd["req"], jd["pref"], jd["syn"]
    years = {"strong": jd["min"] + 2, "synonyms": jd["min"] + 1, "projects_only": jd["min"] + 1,
             "most_skills": jd["min"] + 1, "junior_right_skills": 1 if jd["min"] >= 3 else 0.5,
             "half_skills": jd["min"] + 1, "adjacent": jd["min"] + 2, "keyword_stuffing": 2,
             "unrelated": jd["min"] + 3, "fresher_few": 0}[persona]
    if jd["max"] and persona in ("strong", "adjacent", "unrelated"):
        years = min(years, jd["max"])
    role, skills, duties = jd["role"], req + pref[:2], jd["duties"]
    summary = f"{role} with {years if years >= 1 else 'less than one'} year{'s' if years != 1 else ''} of experience in {jd['domain']}."
    skill_line = ", ".join(skills)
    projects = []
    if persona == "synonyms":
        skills = [syn.get(s, s) for s in req + pref[:2]]
        skill_line = ", ".join(skills)
    elif persona == "projects_only":
        projects = [f"{role} toolkit: built with {', '.join(req[:3])}.",
                    f"Side project using {', '.join(req[3:] + pref[:1])} end to end."]
        skills = ["problem solving", "teamwork", "ownership"]
        skill_line = None
    elif persona == "most_skills":
        skills = req[:-1] + pref[:1]
        skill_line = ", ".join(skills)
    elif persona == "half_skills":
        skills = req[:2] + ["Communication"]
        skill_line = ", ".join(skills)
    elif persona == "junior_right_skills":
        role = ("Junior " + jd["role"]) if years >= 1 else (jd["role"] + " Intern")
        summary = f"Early-career {jd['role'].lower()} eager to grow; internship and coursework in {jd['domain']}."
    elif persona == "adjacent":
        adj = jd["adjacent"]
        role, skills, duties = adj["role"], adj["skills"], adj["duties"]
        summary = f"{role} with {years} years of experience."
        skill_line = ", ".join(skills)
    elif persona == "unrelated":
        un = jd["unrelated"]
        role, skills, duties = un["role"], un["skills"], un["duties"]
        summary = f"{role} with {years} years of experience."
        skill_line = ", ".join(skills)
    elif persona == "keyword_stuffing":
        role, duties = "Sales Associate", ["Met monthly sales targets at a {a} store", "Handled walk-in customers and {b} billing"]
        summary = "Hard-working professional. " + " ".join(req + pref) + " " + " ".join(req)
        skills = ["retail", "cash"]
        skill_line = ", ".join((req + pref) * 3)
    elif persona == "fresher_few":
        role = "Graduate Trainee"
        skills = [req[0], "MS Office"]
        skill_line = ", ".join(skills)
        summary = "Recent graduate looking for an entry-level role."

    # Work history: one or two jobs covering `years`, sometimes overlapping freelance work.
    jobs = []
    months = int(round(years * 12))
    style = rng.randrange(4)
    if months > 0:
        cur_start = back(AS_OF, months)
        if months >= 36 and rng.random() < 0.7:
            split = months // 2 + rng.randint(-6, 6)
            first_end = back(AS_OF, split + 1)
            second_start = back(AS_OF, split)
            jobs.append((role if persona not in ("strong",) else jd["senior_role"], "Current Company Pvt Ltd", (second_start, None), 3))
            jobs.append((role, "Previous Company Ltd", (cur_start, first_end), 2))
        else:
            jobs.append((role, "Acme Technologies", (cur_start, None), 3))
        if persona == "strong" and months > 24:
            # Overlapping freelance work must not add to total experience.
            jobs.append(("Freelance Consultant", "Self-employed", (back(AS_OF, 20), back(AS_OF, 8)), 1))

    lines = []
    if layout == 0:
        lines += [name, f"{email} | {phone}"]
    elif layout == 1:
        lines += [name, jd["role"] if persona in ("strong", "synonyms", "most_skills", "half_skills", "projects_only") else role,
                  f"Email: {email}", f"Phone: {phone}"]
    else:
        lines += ["CURRICULUM VITAE", f"Name: {name}", f"Mobile: {phone}", f"E-mail: {email}"]
    if rng.random() < 0.5:
        lines.append(f"linkedin.com/in/{email.split('@')[0].replace('.', '-')}")
    lines += ["", rng.choice(["SUMMARY", "Profile", "Professional Summary", "About Me"]), summary, ""]
    if jobs:
        lines.append(rng.choice(["EXPERIENCE", "Work Experience", "Professional Experience", "Employment History"]))
        for title, org, (s, e), nd in jobs:
            lines.append(f"{title}, {org}")
            lines.append(fmt_range(rng, s, e, style))
            if persona == "projects_only":
                lines += [f"- Delivered features for the {jd['domain']} team.", "- Collaborated across teams and owned releases."]
            elif persona in ("adjacent", "unrelated", "keyword_stuffing"):
                lines += ["- " + d for d in duties_for(rng, duties, skills, nd)]
            else:
                lines += ["- " + d for d in duties_for(rng, duties, skills, nd)]
            lines.append("")
    if projects:
        lines.append("PROJECTS")
        lines += ["- " + p for p in projects] + [""]
    lines.append("EDUCATION")
    grad = back(AS_OF, months + rng.randint(0, 6))
    lines.append(f"Bachelor's degree, State University, {grad[0]-4} - {grad[0]}")
    lines.append("")
    if skill_line:
        lines.append(rng.choice(["SKILLS", "Technical Skills", "Key Skills", "Core Competencies"]))
        lines.append(skill_line)
    return "\n".join(lines) + "\n"


def jd_json(jd):
    pref = ", ".join(jd["pref"])
    desc = (f"<h2>About the role</h2><p>We are hiring a <strong>{jd['title']}</strong> to work on {jd['domain']}.</p>"
            f"<h3>Requirements</h3><ul><li>Must have: {', '.join(jd['req'][:3])}</li>"
            f"<li>Strong hands-on experience with {', '.join(jd['req'][3:])}</li><li>{jd['exp']}</li></ul>"
            f"<h3>Nice to have</h3><ul><li>{pref}</li></ul>")
    return dict(jdname=jd["title"], jddescription=desc, keySkills=", ".join(jd["req"]), experience=jd["exp"],
                additionalNotes="Hybrid, 3 days a week in office.")


def main():
    rng = random.Random(20250601)
    labels = ["jd\tresume\tlabel\tpersona"]
    contacts = ["resume\tname\temail\tphone"]
    people = iter(NAMES * 3)
    n = 0
    for jd in JDS:
        (OUT / "jds").mkdir(exist_ok=True)
        (OUT / "jds" / f"{jd['id']}.json").write_text(json.dumps(jd_json(jd), indent=1) + "\n")
        d = OUT / "resumes" / jd["id"]
        d.mkdir(parents=True, exist_ok=True)
        for k, (persona, label) in enumerate(PERSONAS, start=1):
            person = next(people)
            written, expected_name = person
            expected_name = expected_name or written
            phone, e164 = phone_variant(rng, n)
            user = expected_name.lower().split()[0].encode("ascii", "ignore").decode() or f"candidate{n}"
            email = f"{user}.{n}@{DOMAINS[n % len(DOMAINS)]}"
            text = resume(rng, jd, persona, person, phone, email, n % 3)
            rel = f"{jd['id']}/r{k:02d}.txt"
            (d / f"r{k:02d}.txt").write_text(text, encoding="utf-8")
            labels.append(f"{jd['id']}\t{rel}\t{label}\t{persona}")
            contacts.append(f"{rel}\t{expected_name}\t{email}\t{e164}")
            n += 1
    (OUT / "labels.tsv").write_text("\n".join(labels) + "\n")
    (OUT / "contacts.tsv").write_text("\n".join(contacts) + "\n")
    print(f"{n} resumes, {len(JDS)} JDs")


if __name__ == "__main__":
    main()
