#!/usr/bin/env python3
"""Plants each kind of import cycle and layering breach in a small crate and expects
scripts/module-graph.py to fail on it (and to pass on the idioms that are allowed).

    python3 scripts/test_module_graph.py
"""

import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "module-graph.py"

LAYERS = """
# Architecture

```layers
app: app lib
domain: jobs voice interviews{domain_crate}
kernel: state clock{kernel_crate}
```

```domain-edges
{edges}
```
"""


class ModuleGraphTest(unittest.TestCase):
    def check(
        self,
        files: dict[str, str],
        edges: str | None = None,
        core: dict[str, str] | None = None,
        kernel_crate: str = "",
        domain_crate: str = "",
        extra: tuple[str, ...] = (),
    ) -> subprocess.CompletedProcess:
        """Writes `files` under a fresh src/ and runs the checker on it (with a layers
        document when `edges` is given), and `core` as a second crate, `hirelane_core`, when
        given (`kernel_crate`, `domain_crate` are added to those lines of the layers table)."""
        tmp = Path(self.enterContextTmp())
        roots = {tmp / "src": files}
        if core is not None:
            roots[tmp / "hirelane-core" / "src"] = core
        args = [sys.executable, str(SCRIPT), *extra]
        for root, tree in roots.items():
            for name, text in tree.items():
                path = root / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(textwrap.dedent(text))
            args += ["--root", str(root)]
        if edges is not None:
            doc = tmp / "architecture.md"
            doc.write_text(LAYERS.format(edges=edges, kernel_crate=kernel_crate, domain_crate=domain_crate))
            args += ["--doc", str(doc)]
        return subprocess.run(args, capture_output=True, text=True, check=False)

    def enterContextTmp(self) -> str:
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        return tmp.name

    def assertFails(self, result: subprocess.CompletedProcess, *needles: str) -> None:
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        for needle in needles:
            self.assertIn(needle, result.stdout)

    def assertPasses(self, result: subprocess.CompletedProcess) -> None:
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("module graph: no cross-module cycle", result.stdout)

    # Cycles the first checker missed.

    def test_pub_use_reexport_is_followed_to_the_defining_file(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a/mod.rs": "pub mod inner;\npub use inner::Thing;\n",
                "a/inner.rs": "pub struct Thing;\npub fn f() { crate::b::g(); }\n",
                "b.rs": "use crate::a::Thing;\npub fn g() {}\npub fn h(_: Thing) {}\n",
            }
        )
        self.assertFails(result, "a/inner.rs", "b.rs")

    def test_uniform_path_to_a_child_module(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                # `use engine::Runtime` is a 2018 uniform path to the child, not an extern crate.
                "a/mod.rs": "mod engine;\nuse engine::Runtime;\npub struct Handle(Runtime);\n",
                "a/engine.rs": "use crate::b::State;\npub struct Runtime(State);\n",
                "b.rs": "pub struct State;\npub fn f(_: crate::a::Handle) {}\n",
            }
        )
        self.assertFails(result, "a/engine.rs", "b.rs")

    def test_self_in_a_group_and_later_module_paths(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod c;\n",
                "a/mod.rs": "pub mod x;\npub struct Y;\n",
                "a/x.rs": "pub fn g() { crate::c::h(); }\n",
                "c.rs": "use crate::a::{self, Y};\npub fn h() {}\npub fn k(_: Y) { a::x::g(); }\n",
            }
        )
        self.assertFails(result, "a/x.rs", "c.rs")

    def test_super_group_with_self_and_a_later_use(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod c;\n",
                "a/mod.rs": "pub mod x;\npub mod y;\n",
                "a/x.rs": "pub fn g() { crate::c::h(); }\npub struct Z;\n",
                "a/y.rs": "use super::x::{self, Z};\npub fn k(_: Z) { x::g(); }\n",
                "c.rs": "pub fn h() {}\npub fn m() { crate::a::y::k(crate::a::x::Z); }\n",
            }
        )
        self.assertFails(result, "c.rs")

    def test_aliased_import_resolves_to_the_aliased_module(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod c;\n",
                "a/mod.rs": "pub mod repo;\npub mod other;\n",
                "a/repo.rs": "pub fn g() { crate::c::h(); }\n",
                "a/other.rs": "pub fn n() {}\n",
                "c.rs": "use crate::a::{other, repo as invites};\npub fn h() {}\npub fn k() { invites::g(); other::n(); }\n",
            }
        )
        self.assertFails(result, "a/repo.rs", "c.rs")

    def test_module_file_beside_its_folder(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod c;\n",
                "a.rs": "pub mod x;\n",
                "a/x.rs": "pub fn g() { crate::c::h(); }\n",
                "c.rs": "pub fn h() {}\npub fn k() { crate::a::x::g(); }\n",
            }
        )
        self.assertFails(result, "a/x.rs", "c.rs")

    def test_super_inside_an_inline_module(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod b;\npub mod x;\n",
                # `super` in `inner` is `a`, so this is a/x.rs, not the top-level x.rs.
                "a/mod.rs": "pub mod x;\nmod inner {\n    use super::x::Y;\n    fn f(_: Y) {}\n}\npub struct A;\n",
                "a/x.rs": "pub struct Y;\npub fn g() { crate::b::h(); }\n",
                "b.rs": "pub fn h() {}\npub fn k(_: crate::a::A) {}\n",
                "x.rs": "pub struct Y;\n",
            }
        )
        self.assertFails(result, "a/x.rs", "b.rs")

    def test_inline_module_path(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod c;\n",
                "a.rs": "pub fn g() {}\npub fn k() { crate::c::inner::h(); }\n",
                "c.rs": "pub mod inner {\n    pub fn h() { crate::a::g(); }\n}\n",
            }
        )
        self.assertFails(result, "a.rs", "c.rs")

    def test_exported_macro_by_path_and_by_name(self):
        for call in ("crate::m!();", "m!();"):
            with self.subTest(call=call):
                result = self.check(
                    {
                        "lib.rs": "pub mod a;\npub mod b;\n",
                        "a.rs": "#[macro_export]\nmacro_rules! m {\n    () => {};\n}\npub fn g() { crate::b::h(); }\n",
                        "b.rs": f"pub fn h() {{}}\npub fn k() {{ {call} }}\n",
                    }
                )
                self.assertFails(result, "a.rs", "b.rs")

    def test_glob_reexport(self):
        result = self.check(
            {
                "lib.rs": "pub mod config;\npub mod b;\n",
                "config/mod.rs": "mod sections;\npub use sections::*;\n",
                "config/sections.rs": "pub struct Settings;\npub fn f() { crate::b::h(); }\n",
                "b.rs": "use crate::config::Settings;\npub fn h() {}\npub fn k(_: Settings) {}\n",
            }
        )
        self.assertFails(result, "config/sections.rs", "b.rs")

    def test_the_state_voice_cycle_of_issue_27(self):
        result = self.check(
            {
                "lib.rs": "pub mod state;\npub mod voice;\n",
                "state.rs": "use crate::voice::client::Voice;\npub struct AppState { pub voice: Voice }\n",
                "voice/mod.rs": "pub mod client;\npub mod selfhosted;\n",
                "voice/client.rs": "use super::selfhosted::{self, Runtime};\npub struct Voice(Runtime);\npub fn f() { selfhosted::g(); }\n",
                "voice/selfhosted/mod.rs": "pub mod engine;\npub use engine::Runtime;\npub fn g() {}\n",
                "voice/selfhosted/engine.rs": "use crate::state::AppState;\npub struct Runtime;\npub fn h(_: AppState) {}\n",
            }
        )
        self.assertFails(result, "state.rs -> voice/client.rs -> voice/selfhosted/engine.rs -> state.rs")

    # What may stay.

    def test_a_folder_mod_and_its_children_may_import_each_other(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\n",
                "a/mod.rs": "pub mod x;\npub mod y;\npub struct Settings;\n",
                "a/x.rs": "use super::Settings;\npub fn g(_: Settings) { super::y::h(); }\n",
                "a/y.rs": "pub fn h() {}\npub fn k() { super::x::g(super::Settings); }\n",
            }
        )
        self.assertPasses(result)

    def test_comments_strings_and_tests_are_not_imports(self):
        result = self.check(
            {
                "lib.rs": "pub mod a;\npub mod b;\n",
                "a.rs": "pub fn g() { crate::b::h(); }\n",
                "b.rs": (
                    "// crate::a::g\n/* crate::a::g */\npub fn h() { let _ = \"crate::a::g\"; let _ = '\"'; }\n"
                    "#[cfg(test)]\nmod tests {\n    fn t() { crate::a::g(); }\n}\n"
                    "pub(in crate::a) fn visible_in_a() {}\n"
                ),
            }
        )
        self.assertPasses(result)

    # Layers.

    def layered_tree(self, state_imports: str = "", jobs_imports: str = "") -> dict[str, str]:
        return {
            "lib.rs": "pub mod app;\npub mod clock;\npub mod interviews;\npub mod jobs;\npub mod state;\npub mod voice;\n",
            "app.rs": "pub fn build() { crate::jobs::f(); crate::voice::f(); }\n",
            "clock.rs": "pub struct Clock;\n",
            "state.rs": f"{state_imports}pub struct AppState(pub crate::clock::Clock);\n",
            "jobs.rs": f"{jobs_imports}pub fn f() {{ crate::voice::f(); }}\n",
            "voice.rs": "use crate::state::AppState;\npub fn f() {}\npub fn g(_: AppState) {}\n",
            "interviews.rs": "pub fn i() {}\n",
        }

    def test_layers_pass_with_the_listed_edges(self):
        self.assertPasses(self.check(self.layered_tree(), edges="jobs -> voice"))

    def test_a_kernel_file_importing_a_domain_fails(self):
        tree = self.layered_tree(state_imports="use crate::interviews::i;\n")
        self.assertFails(self.check(tree, edges="jobs -> voice"), "kernel module state imports domain interviews")

    def test_an_unlisted_domain_edge_fails(self):
        tree = self.layered_tree(jobs_imports="use crate::interviews::i;\n")
        self.assertFails(self.check(tree, edges="jobs -> voice"), "domain edge jobs -> interviews is not in")

    def test_a_listed_edge_the_code_lost_fails(self):
        self.assertFails(self.check(self.layered_tree(), edges="jobs -> voice, interviews"), "remove it")

    def test_a_domain_importing_the_app_fails(self):
        tree = self.layered_tree(jobs_imports="use crate::app::build;\n")
        self.assertFails(self.check(tree, edges="jobs -> voice"), "imports the app layer")

    def test_a_module_without_a_layer_fails(self):
        tree = self.layered_tree()
        tree["lib.rs"] += "pub mod extra;\n"
        tree["extra.rs"] = "pub fn e() {}\n"
        self.assertFails(self.check(tree, edges="jobs -> voice"), "extra: not in the layers table")

    def test_a_layer_for_no_module_fails(self):
        tree = self.layered_tree()
        del tree["interviews.rs"]
        tree["lib.rs"] = tree["lib.rs"].replace("pub mod interviews;\n", "")
        self.assertFails(self.check(tree, edges="jobs -> voice"), "interviews: listed in the layers table")

    # The kernel crate: paths into it, also through the server's re-exports.

    CORE = {
        "lib.rs": "pub mod store;\npub mod keys;\n",
        "store/mod.rs": (
            "pub mod files;\npub enum Db { Sqlite }\n"
            "#[macro_export]\nmacro_rules! with_db {\n    () => {};\n}\n"
        ),
        "store/files.rs": "pub struct FileStore;\npub fn f() { crate::keys::token(); }\n",
        "keys.rs": "pub fn token() {}\n",
    }

    def reexported_tree(self) -> dict[str, str]:
        tree = self.layered_tree(
            jobs_imports="use crate::store::files::FileStore;\nuse crate::with_db;\nfn s(_: FileStore) { with_db!(); }\n"
        )
        tree["lib.rs"] += "pub use hirelane_core::{store, with_db};\n"
        tree["clock.rs"] = "pub fn c() { hirelane_core::keys::token(); }\n"
        return tree

    def test_paths_into_the_kernel_crate_are_followed_through_reexports(self):
        result = self.check(self.reexported_tree(), edges="jobs -> voice", core=self.CORE,
                            kernel_crate=" hirelane_core", extra=("--edges",))
        self.assertPasses(result)
        for edge in ("jobs.rs -> hirelane-core/src/store/files.rs, hirelane-core/src/store/mod.rs",
                     "clock.rs -> hirelane-core/src/keys.rs"):
            self.assertIn(edge, result.stdout)

    def test_the_kernel_crate_needs_a_layer(self):
        result = self.check(self.reexported_tree(), edges="jobs -> voice", core=self.CORE)
        self.assertFails(result, "hirelane_core: not in the layers table")

    def test_the_kernel_crate_in_the_domain_layer_is_refused_to_the_kernel(self):
        result = self.check(self.reexported_tree(), edges="jobs -> voice, hirelane_core", core=self.CORE,
                            domain_crate=" hirelane_core")
        self.assertFails(result, "kernel module clock imports domain hirelane_core: clock.rs -> hirelane-core/src/keys.rs")

if __name__ == "__main__":
    unittest.main()
