/* Which node of a drawn tree carries each mark of TedEval's edit script, apart from the
   page: data in, data out, so that it runs anywhere (tests/test_html_marks.py runs it in
   Node). report.js draws what comes back.

   An item of the labeled script is a function label over a span: its mark goes to the
   node over that span whose labels have that function, and a node carries one mark per
   function marked (a node "nsubj,obj" may lose obj and keep nsubj). An item of the
   unlabeled script is a node: its mark goes to the node over that span, one per node, and
   the node over the whole sentence is no item (SPEC.md §5). A mark whose span is a node's
   with gaps names its hull (first to last word). A mark that finds no node is left
   unplaced: the page lists it under the drawing, never on another node. */
var tedevalMarks = (function () {
  "use strict";

  // A node's functions, from its label as the report writes it ("_": none).
  const functions = (label) => (label === "_" ? [] : label.split(","));
  const key = (spans) => spans.map((s) => s.join("-")).join(",");
  const hull = (spans) => spans[0][0] + "-" + spans[spans.length - 1][1];

  // nodes: [{label, spans: [[s, e], ...]}]; marks: [{kind, label, start, end}]; n: the
  // sentence's words. Per node,
  // a Map from function (labeled) or "" (unlabeled) to its mark, and the marks left over.
  function place(nodes, marks, unlabeled, n) {
    const keys = nodes.map((nd) => key(nd.spans));
    const fns = nodes.map((nd) => functions(nd.label));
    const whole = "0-" + n;
    const of = nodes.map(() => new Map());
    const left = [];
    for (const m of marks) {
      const k = m.start + "-" + m.end;
      // Unlabeled, the node over the whole sentence is no item: a node with gaps whose hull
      // is the whole sentence is the one meant.
      const free = (i) => (unlabeled ? of[i].size === 0 && keys[i] !== whole
        : fns[i].includes(m.label) && !of[i].has(m.label));
      let hit = keys.findIndex((x, i) => x === k && free(i));
      if (hit < 0) {
        hit = nodes.findIndex((nd, i) => nd.spans.length > 1 && hull(nd.spans) === k && free(i));
      }
      if (hit >= 0) of[hit].set(unlabeled ? "" : m.label, m);
      else left.push(m);
    }
    return { of, left };
  }

  // The kind a node's box shows: its first charged mark, else its first free one, else null.
  function boxKind(marks) {
    let kind = null;
    for (const m of marks.values()) {
      if (!kind || (kind.startsWith("free-") && !m.kind.startsWith("free-"))) kind = m.kind;
    }
    return kind;
  }

  // Whether a node is an item of the mode's script: unlabeled, every node but the one over
  // the whole sentence of n words; labeled, a node with a function (each one an item).
  function isItem(nd, n, unlabeled) {
    return unlabeled ? key(nd.spans) !== "0-" + n : functions(nd.label).length > 0;
  }

  return { functions, key, place, boxKind, isItem };
})();
if (typeof module === "object" && module.exports) module.exports = tedevalMarks;
