//! Binary edge lists: any bytes are a list or refused with a reason (never
//! a panic); a list accepted has every edge in range, and written back it
//! is the same bytes.
#![no_main]

use grundy_dataflow::edges::write_edge_list;
use grundy_dataflow::GraphSource;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("grundy-fuzz-edges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("in.edges");
    std::fs::write(&path, data).expect("written");
    let source = GraphSource::EdgeList(path);
    let Ok(vertices) = source.vertex_count() else {
        return;
    };
    let mut edges = Vec::new();
    source
        .for_each_edge(|from, to| {
            assert!(from < vertices && to < vertices, "{from} -> {to} of {vertices}");
            edges.push((from, to));
        })
        .expect("a checked list reads");
    let again = dir.join("again.edges");
    write_edge_list(&again, vertices, edges).expect("writes");
    assert_eq!(std::fs::read(&again).expect("read"), data);
});
