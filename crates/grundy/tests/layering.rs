//! Dependencies go one way: no import circle between the top-level
//! modules of the library, of the engines' crate, or of the CLI; and the
//! engines' crate depends on no family (Cargo enforces that once it is
//! not in its manifest, which this test checks).
//!
//! A module's dependencies are the `crate::m` paths in its files (code,
//! not comments, `#[cfg(test)]` tails or a module's `tests.rs`, which
//! is declared under `#[cfg(test)]`); a module's own submodules are
//! one node with it. Each family under `families/` is a node of its own
//! (`crate::families::cram` and the re-exported `crate::cram` are the same
//! node), so that families may depend on one another and on the
//! infrastructure without the folder becoming one knot. A circle is
//! reported with the edges that make it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|name| name != "tests.rs")
        {
            // A module's `tests.rs` is its test module, split off.
            out.push(path);
        }
    }
}

/// The code of a file: comments and the test module at its end removed.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names after `crate::` in `code`, and the first names inside
/// `use crate::{a, b::c}` lists.
fn referenced(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect()
    };
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        // A family is named by its own module.
        let rest = rest.strip_prefix(FAMILIES).unwrap_or(rest);
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            // Only the top level of the list: nested braces name items.
            let mut depth = 0;
            let mut item = String::new();
            for c in list[..end].chars().chain([',']) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let name = ident(item.trim());
                        if !name.is_empty() {
                            names.insert(name);
                        }
                        item.clear();
                    }
                    c if depth == 0 => item.push(c),
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The folder of families: each module in it is a node.
const FAMILIES: &str = "families::";

/// The graph of the top-level modules under `src` (and of each family).
fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let top_of = |path: &Path| -> String {
        let relative = path.strip_prefix(src).unwrap();
        let mut components = relative.components();
        let mut first = components.next().unwrap();
        if first.as_os_str() == "families" {
            if let Some(family) = components.next() {
                first = family;
            }
        }
        let name = first.as_os_str().to_string_lossy();
        name.trim_end_matches(".rs").to_owned()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| top_of(f))
        .filter(|m| m != "lib" && m != "main")
        .collect();
    let mut graph = Graph::new();
    for file in &files {
        let from = top_of(file);
        if !modules.contains(&from) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let to: BTreeSet<String> = referenced(&code(&text))
            .into_iter()
            .filter(|m| *m != from && modules.contains(m))
            .collect();
        graph.entry(from).or_default().extend(to);
    }
    graph
}

/// A circle of `graph`, if it has one (depth-first search).
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let at = path.iter().position(|n| n == node).unwrap();
                let mut circle = path[at..].to_vec();
                circle.push(node.to_owned());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(node.to_owned(), Mark::Open);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, marks, path) {
                return Some(circle);
            }
        }
        path.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(circle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(circle);
        }
    }
    None
}

fn assert_acyclic(crate_dir: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(crate_dir)
        .join("src");
    let graph = module_graph(&src);
    assert!(
        graph.len() >= 5,
        "{crate_dir}: only {} modules read",
        graph.len()
    );
    if let Some(circle) = find_circle(&graph) {
        panic!(
            "{crate_dir}: an import circle: {} (every module's imports: {graph:#?})",
            circle.join(" -> ")
        );
    }
}

#[test]
fn the_library_has_no_import_circle() {
    assert_acyclic("grundy");
}

#[test]
fn the_engines_have_no_import_circle() {
    assert_acyclic("grundy-engine");
}

#[test]
fn the_cli_has_no_import_circle() {
    assert_acyclic("grundy-cli");
}

#[test]
fn the_engines_depend_on_no_family() {
    let manifest = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-engine/Cargo.toml"),
    )
    .unwrap();
    let dependencies = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    assert!(
        !dependencies
            .lines()
            .any(|l| l.trim_start().starts_with("grundy")),
        "grundy-engine must not depend on a grundy crate:\n{dependencies}"
    );
}

/// The check finds circles, through `use crate::{...}` lists too, and
/// ignores comments and tests.
#[test]
fn the_check_can_fail() {
    let code = code(
        "use crate::{alpha::X, beta};\n// crate::gamma\nfn f() { crate::delta::g() }\n#[cfg(test)]\nmod t { use crate::epsilon; }",
    );
    let names = referenced(&code);
    assert_eq!(names, ["alpha", "beta", "delta"].map(str::to_owned).into());
    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_circle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    let circle = find_circle(&graph).unwrap();
    assert_eq!(circle.first(), circle.last());
    assert_eq!(circle.len(), 4);
}

/// A `match` on a convention names every convention: a wildcard arm
/// would run a new convention as if it were an old one, silently.
/// `Convention` is not `#[non_exhaustive]`, so without wildcards the
/// compiler lists every place a new convention must be handled.
#[test]
fn no_match_on_a_convention_has_a_wildcard_arm() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for name in [
        "grundy",
        "grundy-engine",
        "grundy-cli",
        "grundy-server",
        "grundy-py",
        "grundy-dataflow",
    ] {
        rust_files(&crates.join(name).join("src"), &mut files);
    }
    let convention =
        std::fs::read_to_string(crates.join("grundy-engine/src/convention.rs")).unwrap();
    let declaration = convention.split("pub enum Convention").next().unwrap();
    assert!(
        !declaration
            .lines()
            .rev()
            .take(3)
            .any(|l| l.contains("non_exhaustive")),
        "Convention must be matched exhaustively"
    );
    let mut wildcards = Vec::new();
    let mut matches = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let Some(scrutinee) = trimmed.strip_prefix("match ") else {
                continue;
            };
            // `match convention {`, `match request.convention {`,
            // `match (convention, kind) {`: a convention as the value or
            // as one element of a tuple matched.
            let value = scrutinee.split('{').next().unwrap_or_default().trim();
            // A tuple's elements, or the one value (a call is neither).
            let parts: Vec<&str> = match value.strip_prefix('(') {
                Some(tuple) => tuple.trim_end_matches(')').split(',').collect(),
                None => vec![value],
            };
            let of_a_convention = parts.iter().any(|part| {
                let part = part.trim();
                part.rsplit('.').next() == Some("convention")
                    && part
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            });
            if !of_a_convention {
                continue;
            }
            matches += 1;
            let indent = line.len() - trimmed.len();
            for arm in &lines[at + 1..] {
                let arm_indent = arm.len() - arm.trim_start().len();
                if arm.trim() == "}" && arm_indent == indent {
                    break;
                }
                let pattern = arm.trim_start();
                let wildcard = pattern.starts_with("_ =>")
                    || (pattern.starts_with("(_,") && pattern.contains("=>"));
                if arm_indent == indent + 4 && wildcard {
                    wildcards.push(format!("{}:{}", file.display(), at + 1));
                }
            }
        }
    }
    assert!(
        matches >= 10,
        "only {matches} matches on a convention found"
    );
    assert!(wildcards.is_empty(), "wildcard arms: {wildcards:?}");
}
