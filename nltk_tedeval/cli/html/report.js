/* tedeval's HTML report: the sentence table and the trees, drawn from the embedded rows.
   Row layout (render.py): [n, id, file, line, words, values, panels, ops, align, op_systems,
   answers, modes]. */
(function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  const PAGE = 200;
  const rows = JSON.parse(document.getElementById("tedeval-sentences").textContent);
  const H = JSON.parse(document.getElementById("tedeval-header").textContent);
  const S = H.strings;
  const str = (i) => (i === null || i === undefined || i < 0 ? "" : S[i]);
  const KIND_SYMBOL = {
    delete: "\u2212", add: "+", "free-delete": "\u2296", "free-add": "\u2295", relabel: "~",
  };
  const KIND_TEXT = {
    delete: "delete", add: "add", "free-delete": "delete (free: the gold's script has it too)",
    "free-add": "add (free: the gold's script has it too)", relabel: "relabel",
  };

  /* --- columns ------------------------------------------------------------------------ */
  // kind: "n" ascending first; "s" score: ascending (worst first); "t" stat, "len": descending.
  const columns = [
    { title: "#", sub: "", kind: "n", get: (r) => r[0] },
    { title: "id", sub: "", kind: "str", get: (r) => r[1] || "" },
    { title: "file:line", sub: "", kind: "str",
      get: (r) => (r[2] === null ? "" : str(r[2]) + (r[3] === null ? "" : ":" + r[3])) },
    { title: "length", sub: "", kind: "len", get: (r) => r[4].length },
  ];
  H.cols.forEach((c, k) => {
    const name = c[2] === "delta" ? "\u03b4" : c[2] === "iota" ? "\u03b9" : c[2];
    columns.push({ title: name, sub: c[0], kind: c[1], get: (r) => {
      const v = r[5][k];
      return v === undefined ? null : v;
    } });
  });
  const wordsColumn = { title: "words", sub: "", kind: "str", get: (r) => r[4].join(" ") };
  columns.push(wordsColumn);

  const table = document.getElementById("sentence-table");
  const thead = table.tHead;
  const tbody = table.tBodies[0];
  const status = document.getElementById("status");
  const more = document.getElementById("more");
  const detail = document.getElementById("sentence");
  const fText = document.getElementById("filter-text");
  const fMin = document.getElementById("len-min");
  const fMax = document.getElementById("len-max");

  let order = rows.map((_, i) => i);   // the filtered, sorted row indices
  let shown = 0;                       // how many of them are in the DOM
  let sortCol = -1, sortDir = 0;
  let lowered = null;                  // words and ids in lower case, built on first search
  let current = -1;                    // the open sentence (row index)
  // TedEval's script shown, for the whole report: "labeled" (an item is a function over a
  // span) or "unlabeled" (an item is a node); the switch is drawn with a TedEval sentence.
  let mode = "labeled";

  table.dataset.total = String(rows.length);

  /* --- the header --------------------------------------------------------------------- */
  const tr = document.createElement("tr");
  columns.forEach((c, i) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.col = String(i);
    th.dataset.kind = c.kind;
    th.setAttribute("aria-sort", "none");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c.title;
    if (c.sub) {
      const small = document.createElement("small");
      small.textContent = c.sub;
      b.appendChild(small);
      b.title = c.sub + ": " + c.title;
    }
    b.addEventListener("click", () => sortBy(i));
    th.appendChild(b);
    tr.appendChild(th);
  });
  thead.appendChild(tr);

  function fmtValue(v, kind) {
    if (v === null || v === undefined) return "n/a";
    if (kind === "s" && typeof v === "number") return v.toFixed(4);
    return String(v);
  }

  /* --- sorting and filtering ---------------------------------------------------------- */
  function compare(kind, dir, get) {
    return (a, b) => {
      const x = get(rows[a]), y = get(rows[b]);
      const xn = x === null || x === "", yn = y === null || y === "";
      if (xn || yn) return xn && yn ? a - b : xn ? 1 : -1;   // n/a always last
      let c;
      if (typeof x === "number" && typeof y === "number") c = x - y;
      else c = String(x).localeCompare(String(y), undefined, { numeric: true });
      return c === 0 ? a - b : dir * c;
    };
  }

  function sortBy(i) {
    const c = columns[i];
    const first = c.kind === "t" || c.kind === "len" ? -1 : 1;
    sortDir = sortCol === i ? -sortDir : first;
    sortCol = i;
    thead.querySelectorAll("th").forEach((th) => th.setAttribute("aria-sort", "none"));
    thead.querySelector(`th[data-col="${i}"]`).setAttribute(
      "aria-sort", sortDir > 0 ? "ascending" : "descending");
    order.sort(compare(c.kind, sortDir, c.get));
    render();
  }

  function applyFilter() {
    const q = fText.value.trim().toLowerCase();
    const lo = fMin.value === "" ? -Infinity : Number(fMin.value);
    const hi = fMax.value === "" ? Infinity : Number(fMax.value);
    if (q && lowered === null) {
      lowered = rows.map((r) => ((r[1] || "") + "\u0001" + r[4].join(" ")).toLowerCase());
    }
    const terms = q ? q.split(/\s+/) : [];
    order = [];
    for (let i = 0; i < rows.length; i++) {
      const len = rows[i][4].length;
      if (len < lo || len > hi) continue;
      if (terms.length && !terms.every((t) => lowered[i].includes(t))) continue;
      order.push(i);
    }
    if (sortCol >= 0) order.sort(compare(columns[sortCol].kind, sortDir, columns[sortCol].get));
    render();
  }

  let timer = 0;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(applyFilter, rows.length > 20000 ? 150 : 30);
  }
  [fText, fMin, fMax].forEach((el) => el.addEventListener("input", later));

  /* --- the rows ----------------------------------------------------------------------- */
  function rowElement(i) {
    const r = rows[i];
    const tr = document.createElement("tr");
    tr.dataset.i = String(i);
    tr.dataset.n = String(r[0]);
    tr.tabIndex = -1;
    tr.setAttribute("aria-selected", i === current ? "true" : "false");
    columns.forEach((c) => {
      const td = document.createElement("td");
      const v = c.get(r);
      if (c === wordsColumn) {
        td.className = "words";
        td.textContent = v;
        td.title = v;
        td.dir = "auto"; // a Hebrew sentence reads right to left in its cell
      } else {
        td.textContent = c.kind === "str" ? v : fmtValue(v, c.kind);
        if (c.kind === "str") td.dir = "auto";
        if (c.kind !== "str") td.className = "num";
      }
      tr.appendChild(td);
    });
    return tr;
  }

  function appendRows(count) {
    const frag = document.createDocumentFragment();
    const end = Math.min(order.length, shown + count);
    for (let k = shown; k < end; k++) frag.appendChild(rowElement(order[k]));
    tbody.appendChild(frag);
    shown = end;
    if (!tbody.querySelector('tr[tabindex="0"]') && tbody.firstChild) tbody.firstChild.tabIndex = 0;
    more.hidden = shown >= order.length;
    more.textContent = `show ${Math.min(PAGE, order.length - shown)} more`;
    status.textContent =
      `showing ${shown} of ${order.length} matching sentences (${rows.length} in all)`;
    table.dataset.matching = String(order.length);
    table.dataset.shown = String(shown);
  }

  function render() {
    tbody.textContent = "";
    shown = 0;
    appendRows(PAGE);
  }

  more.addEventListener("click", () => appendRows(PAGE));

  function focusRow(tr) {
    if (!tr) return;
    tbody.querySelectorAll('tr[tabindex="0"]').forEach((t) => { t.tabIndex = -1; });
    tr.tabIndex = 0;
    tr.focus();
  }

  tbody.addEventListener("click", (ev) => {
    const tr = ev.target.closest("tr");
    if (!tr) return;
    focusRow(tr);
    open(Number(tr.dataset.i));
  });
  tbody.addEventListener("keydown", (ev) => {
    const tr = ev.target.closest("tr");
    if (!tr) return;
    let next = null;
    if (ev.key === "ArrowDown") {
      next = tr.nextElementSibling;
      if (!next && shown < order.length) { appendRows(PAGE); next = tr.nextElementSibling; }
    } else if (ev.key === "ArrowUp") next = tr.previousElementSibling;
    else if (ev.key === "Home") next = tbody.firstElementChild;
    else if (ev.key === "End") next = tbody.lastElementChild;
    else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      open(Number(tr.dataset.i));
      return;
    } else return;
    ev.preventDefault();
    if (next) focusRow(next);
  });

  /* --- drawing ------------------------------------------------------------------------ */
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function h(name, attrs, text) {
    const e = document.createElement(name);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const L = tedevalLayout.G;
  // A text's width as drawn: each part measured on a canvas in the font the stylesheet
  // gives that text (read from the text itself, in the page), which lays nothing out.
  const CHAR = 7.4;  // the width of a character where nothing can be measured
  const pen = document.createElement("canvas").getContext("2d");
  const fonts = new Map();   // a text's classes to its font
  const widths = new Map();  // font and text to width
  function fontOf(t) {
    const cs = getComputedStyle(t);
    return `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  }
  function widthOf(t) {
    return partWidths(t).reduce((a, b) => a + b, 0);
  }
  // The width of each part of a text (its tspans, or the text itself), in order.
  function partWidths(t) {
    const parts = t.childElementCount ? [...t.children] : [t];
    const out = [];
    for (const part of parts) {
      const key = (t.closest("g") || t).getAttribute("class") + "|" + (part.getAttribute("class") || "");
      let font = fonts.get(key);
      if (font === undefined) fonts.set(key, (font = fontOf(part)));
      const text = part.textContent;
      const k = font + "\u0000" + text;
      let tw = widths.get(k);
      if (tw === undefined) {
        if (pen) pen.font = font;
        tw = pen ? pen.measureText(text).width : 0;
        if (!(tw > 0)) tw = text.length * CHAR;
        widths.set(k, tw);
      }
      out.push(tw);
    }
    return out;
  }

  // The direction of a sentence, as dir="auto" decides a paragraph's (UAX #9, P2-P3): that
  // of its first strong letter. A right-to-left sentence (Hebrew, Arabic) is drawn right
  // to left, its first word rightmost, so that trees and arcs read as its text does.
  const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
  const LETTER = /\p{L}/u;
  function isRtl(words) {
    for (const w of words) {
      const m = String(w).match(LETTER);
      if (m) return RTL_SCRIPT.test(m[0]);
    }
    return false;
  }

  // A word or label of any script, isolated (<bdi>) so that a Hebrew label beside Latin
  // text and digits keeps its own order and does not reorder its neighbours.
  const bdi = (text, attrs) => h("bdi", attrs || {}, text);

  // A label's text, not yet placed: its parts alternate plain text and the function the
  // metric compares (tspan.fn, in bold; tspan.f where the label is only functions), each
  // function named by data-fn, and those of fnMarks (function to mark) marked on it.
  function labelText(g, parts, plain, fnMarks) {
    const t = el("text", { "text-anchor": "middle" }, g);
    if (parts.length === 1) t.textContent = parts[0];
    else parts.forEach((part, k) => {
      if (!part) return;
      const span = el("tspan", k % 2 ? { class: plain ? "f" : "fn", "data-fn": part } : {}, t);
      span.textContent = part;
      const m = k % 2 && fnMarks ? fnMarks.get(part) : undefined;
      if (m) {
        span.classList.add("mk", "mk-" + m.kind);
        span.setAttribute("data-op", m.kind);
      }
    });
    return t;
  }

  // The marks of the functions of a placed label, each on its own part: a strike for a
  // deletion, an underline for an addition, a dotted underline for a free one.
  function markParts(g, t, x, y, w) {
    const ws = partWidths(t);
    let left = x - w / 2;
    [...t.children].forEach((span, k) => {
      const kind = span.getAttribute("data-op");
      if (kind) {
        const x1 = left, x2 = left + ws[k];
        if (kind === "delete") el("line", { class: "strike", x1, y1: y - 4, x2, y2: y - 4 }, g);
        else if (kind === "add") el("line", { class: "underline", x1, y1: y + 3, x2, y2: y + 3 }, g);
        else el("line", { class: "free-line", x1, y1: y + 3, x2, y2: y + 3 }, g);
      }
      left += ws[k];
    });
  }

  // A label placed: its text at (x, y) in a box of its width; the box's stroke says the
  // mark's kind, plus a strike or an underline.
  function placeLabel(g, t, x, y, w, kind, boxOnly) {
    const half = w / 2 + L.PAD;
    t.setAttribute("x", x);
    t.setAttribute("y", y);
    const box = el("rect", { class: "box", x: x - half, y: y - L.UP, width: 2 * half,
                             height: L.UP + L.DOWN, rx: 2 });
    g.insertBefore(box, t);
    if (boxOnly) {
      if (!kind) box.setAttribute("stroke", "none");
      return;
    }
    if (kind === "delete" || kind === "relabel") {
      el("line", { class: "strike", x1: x - half + 3, y1: y - 4, x2: x + half - 3, y2: y - 4 }, g);
    }
    if (kind === "add" || kind === "relabel") {
      el("line", { class: "underline", x1: x - half, y1: y + 3, x2: x + half, y2: y + 3 }, g);
    }
    if (!kind) box.setAttribute("stroke", "none");
  }

  function decodeNodes(flat, shown) {
    const nodes = [];
    for (let k = 0; k < flat.length; k += 4) {
      const spans = [];
      if (Array.isArray(flat[k + 1])) {
        const f = flat[k + 1];
        for (let j = 0; j < f.length; j += 2) spans.push([f[j], f[j + 1]]);
      } else spans.push([flat[k + 1], flat[k + 2]]);
      const label = str(flat[k]);
      const own = shown ? shown[k / 4] : null;
      const plain = own === null || own === undefined;
      const parts = plain ? [label] : str(own).split("\u0001");
      nodes.push({ label, parts, plain, spans, parent: flat[k + 3], kids: [] });
    }
    return nodes;
  }

  function decodeMarks(flat) {
    const marks = [];
    for (let k = 0; k < flat.length; k += 4) {
      marks.push({ kind: str(flat[k]), label: str(flat[k + 1]), start: flat[k + 2],
                   end: flat[k + 3], placed: false });
    }
    return marks;
  }

  // The words' texts, not yet placed: [group, text] of each.
  function wordsLayer(svg, words, unmatched) {
    const g = el("g", { class: "words" }, svg);
    return words.map((w, i) => {
      const wg = el("g", { class: "word" + (unmatched.has(i) ? " unmatched" : ""),
                           "data-i": String(i) }, g);
      const t = el("text", { "text-anchor": "middle" }, wg);
      t.textContent = w;
      return [wg, t];
    });
  }

  function placeWords(texts, widths, xs, y, unmatched) {
    texts.forEach(([wg, t], i) => {
      t.setAttribute("x", xs[i]);
      t.setAttribute("y", y);
      if (unmatched.has(i)) {
        const hw = widths[i] / 2;
        el("line", { class: "unmatched-line", x1: xs[i] - hw, y1: y + 4, x2: xs[i] + hw, y2: y + 4 }, wg);
      }
    });
  }

  function sized(svg, width, height) {
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  }

  // A tree's nodes with the marks of a script. unlabeled: each mark is a node's, else a
  // function's, and a node carries one per function marked (TedEval's items, SPEC.md §5).
  function drawNodes(fig, words, flat, marks, unmatched, shown, unlabeled) {
    const nodes = decodeNodes(flat, shown);
    const rtl = isRtl(words);
    nodes.forEach((nd, i) => {
      if (nd.parent >= 0 && nd.parent < i) nodes[nd.parent].kids.push(i);
    });
    const svg = el("svg", { class: "tree constituency", role: "img", "data-dir": rtl ? "rtl" : "ltr" });
    fig.appendChild(svg);
    // Each mark on its node (marks.js): labeled, one per function; unlabeled, one per node.
    const key = (nd) => tedevalMarks.key(nd.spans);
    const fnsOf = (nd) => tedevalMarks.functions(nd.label);
    const placed = tedevalMarks.place(nodes, marks, unlabeled, words.length);
    const markOf = placed.of;
    const left = new Set(placed.left);
    for (const m of marks) m.placed = !left.has(m);
    const boxKind = (i) => tedevalMarks.boxKind(markOf[i]);
    const edges = el("g", { class: "edges" }, svg);
    const layer = el("g", { class: "nodes" }, svg);
    const texts = nodes.map((nd, i) => {
      const kind = boxKind(i);
      const g = el("g", { class: "node" + (kind ? " mark mark-" + kind : ""), "data-label": nd.label,
                          "data-span": key(nd) }, layer);
      if (kind) g.setAttribute("data-mark", kind);
      if (unlabeled && kind) g.setAttribute("data-op", kind);
      if (!unlabeled && kind) g.classList.add("per-fn");
      if (unlabeled && !tedevalMarks.isItem(nd, words.length, true)) {
        // Not an item: the node over the whole sentence is the root, never counted.
        g.classList.add("not-item");
        el("title", {}, g).textContent = "not counted: the node over the whole sentence";
      }
      if (nd.spans.length > 1) g.classList.add("gap");
      if (nd.parts.length > 1 || nd.parts[0] !== nd.label) g.setAttribute("data-shown", nd.parts.join(""));
      // A label of functions only is drawn a part per function, so that each may be marked.
      const fns = fnsOf(nd);
      const parts = nd.plain && fns.length ? fns.flatMap((f, j) => [j ? "," : "", f]) : nd.parts;
      return [g, labelText(g, parts, nd.plain, unlabeled ? null : markOf[i])];
    });
    const wordTexts = wordsLayer(svg, words, unmatched);
    const wordW = wordTexts.map(([, t]) => widthOf(t));
    const labelW = texts.map(([, t]) => widthOf(t));
    const at = tedevalLayout.tree(wordW, nodes.map((nd, i) => ({ spans: nd.spans, parent: nd.parent,
                                                                w: labelW[i] })), rtl);
    sized(svg, at.width, at.height);
    nodes.forEach((nd, i) => {
      nd.x = at.nodes[i].x;
      nd.y = at.nodes[i].y;
      const kind = boxKind(i);
      placeLabel(texts[i][0], texts[i][1], nd.x, nd.y, labelW[i], kind, !unlabeled);
      if (!unlabeled && kind) markParts(texts[i][0], texts[i][1], nd.x, nd.y, labelW[i]);
    });
    const wordTop = at.wordY - L.WORD_UP;
    nodes.forEach((nd) => {
      const byKids = new Set();
      nd.kids.forEach((k) => {
        const kid = nodes[k];
        el("line", { class: "edge", x1: nd.x, y1: nd.y + L.DOWN, x2: kid.x, y2: kid.y - L.UP }, edges);
        for (const [s, e] of kid.spans) for (let w = s; w < e; w++) byKids.add(w);
      });
      // Words the node covers that no child does hang from it directly; a node with gaps
      // reaches over the words between its spans, so its lines cross the others' there.
      for (const [s, e] of nd.spans) {
        for (let w = s; w < e && w < words.length; w++) {
          if (!byKids.has(w)) {
            el("line", { class: "edge", x1: nd.x, y1: nd.y + L.DOWN, x2: at.words[w], y2: wordTop }, edges);
          }
        }
      }
    });
    placeWords(wordTexts, wordW, at.words, at.wordY, unmatched);
  }

  function drawArcs(fig, words, arcs, marks, unmatched) {
    const rtl = isRtl(words);
    const svg = el("svg", { class: "tree dependency", role: "img", "data-dir": rtl ? "rtl" : "ltr" });
    fig.appendChild(svg);
    const markOf = new Map();
    for (const m of marks) {
      const i = arcs.findIndex((a, k) => !markOf.has(k) && a.d === m.start + 1);
      if (i >= 0) { markOf.set(i, m); m.placed = true; }
    }
    // The curves under the labels: a label's box hides any line that passes behind it.
    const layer = el("g", { class: "arcs" }, svg);
    const labels = el("g", { class: "arc-labels" }, svg);
    const parts = arcs.map((a, i) => {
      const m = markOf.get(i);
      const g = el("g", { class: "arc" + (m ? " mark mark-" + m.kind : ""), "data-label": a.rel,
                          "data-dep": String(a.d), "data-head": String(a.h) }, layer);
      if (m) g.setAttribute("data-mark", m.kind);
      const lg = el("g", { class: "arc-label" + (m ? " mark-" + m.kind : ""), "data-dep": String(a.d) }, labels);
      return [g, lg, labelText(lg, [a.rel])];
    });
    const wordTexts = wordsLayer(svg, words, unmatched);
    const wordW = wordTexts.map(([, t]) => widthOf(t));
    const labelW = parts.map(([, , t]) => widthOf(t));
    const at = tedevalLayout.arcs(wordW, arcs.map((a, i) => ({ h: a.h, d: a.d, w: labelW[i] })), rtl);
    sized(svg, at.width, at.height);
    const base = at.base;
    arcs.forEach((a, i) => {
      const [g, lg, t] = parts[i];
      const p = at.arcs[i];
      if (!p.level) { lg.remove(); return; }
      const xd = p.dep;
      if (p.root) el("path", { d: `M${xd} ${p.y + L.DOWN}V${base}` }, g);
      else el("path", { d: `M${p.head} ${base}C${p.head} ${p.cy} ${xd} ${p.cy} ${xd} ${base}` }, g);
      el("polygon", { points: `${xd - 4},${base - 7} ${xd + 4},${base - 7} ${xd},${base}` }, g);
      const m = markOf.get(i);
      placeLabel(lg, t, p.x, p.y, labelW[i], m ? m.kind : null);
    });
    placeWords(wordTexts, wordW, at.words, at.wordY, unmatched);
  }

  function decodeArcs(panel, panels) {
    const arcs = [];
    let two = panel[3] || [];
    const three = panel[5] || [];
    if (!Array.isArray(two)) {   // {"b": base panel, "d": [dep, head, rel, ...]}
      const copy = (panels[two.b][3] || []).slice();
      for (let k = 0; k < two.d.length; k += 3) {
        copy[2 * (two.d[k] - 1)] = two.d[k + 1];
        copy[2 * (two.d[k] - 1) + 1] = two.d[k + 2];
      }
      two = copy;
    }
    for (let k = 0; k < two.length; k += 2) arcs.push({ h: two[k], d: k / 2 + 1, rel: str(two[k + 1]) });
    for (let k = 0; k < three.length; k += 3) {
      arcs.push({ h: three[k], d: three[k + 1], rel: str(three[k + 2]) });
    }
    return arcs;
  }

  function spansSet(spans) {
    const out = new Set();
    for (const [s, e] of spans || []) for (let w = s; w < e; w++) out.add(w);
    return out;
  }

  function unmatchedFor(align, name, isGold) {
    if (!align || !align.unmatched) return new Set();
    const u = align.unmatched;
    if (u[name]) return spansSet(u[name]);
    if (isGold) return spansSet(u.gold);
    if (name === "reference") return new Set();
    return spansSet(u.parse);
  }

  function legend() {
    const div = h("div", { class: "legend", "aria-label": "legend" });
    const items = [
      ["delete", "delete (charged): dashed box, struck through"],
      ["add", "add (charged): solid box, underlined"],
      ["free-delete", "free (in the gold's script too, not charged): dotted box"],
      ["relabel", "relabel: dashed box, struck through and underlined"],
    ];
    for (const [kind, text] of items) {
      const span = h("span", { class: "legend-item", "data-kind": kind });
      const svg = el("svg", { width: 46, height: 24, "aria-hidden": "true" });
      const g = el("g", { class: "mark-" + kind }, svg);
      placeLabel(g, labelText(g, ["X"]), 23, 17, 9, kind);
      span.appendChild(svg);
      span.appendChild(document.createTextNode(" " + text));
      div.appendChild(span);
    }
    return div;
  }

  function wordsLine(words, set, cls) {
    const p = h("p", { class: "words-line " + (cls || ""), dir: isRtl(words) ? "rtl" : "ltr" });
    words.forEach((w, i) => {
      if (i) p.appendChild(document.createTextNode(" "));
      if (set.has(i)) {
        const m = h("mark", { class: "unmatched" });
        m.appendChild(bdi(w));
        p.appendChild(m);
      } else p.appendChild(bdi(w));
    });
    return p;
  }

  function open(i) {
    const r = rows[i];
    current = i;
    tbody.querySelectorAll('tr[aria-selected="true"]').forEach((t) => t.setAttribute("aria-selected", "false"));
    const tr = tbody.querySelector(`tr[data-i="${i}"]`);
    if (tr) tr.setAttribute("aria-selected", "true");
    detail.textContent = "";
    detail.hidden = false;
    detail.dataset.n = String(r[0]);
    const where = r[2] === null ? "" : ` \u00b7 ${str(r[2])}${r[3] === null ? "" : ":" + r[3]}`;
    detail.appendChild(h("h3", {}, `Sentence ${r[0]}${r[1] ? " (" + r[1] + ")" : ""}${where}`));
    const align = r[8];
    const gold = r[4];
    if (align) {
      const box = h("div", { class: "align" });
      const refs = (x) => (x && x.length ? x.join(", ") : "none");
      box.appendChild(h("p", {}, `unit ${r[0]}: gold sentences ${refs(align.gold)}; ` +
                                   `parse sentences ${refs(align.parse)}`));
      const goldPanel = (r[6] || []).find((p) => str(p[0]) === "gold");
      const goldWords = goldPanel && goldPanel[1] ? goldPanel[1] : gold;
      const g = wordsLine(goldWords, unmatchedFor(align, "gold", true), "gold-words");
      g.prepend(h("b", {}, "gold: "));
      box.appendChild(g);
      const parsePanel = (r[6] || []).find((p) => !["gold", "reference"].includes(str(p[0])));
      const parseWords = parsePanel && parsePanel[1] ? parsePanel[1] : gold;
      const pp = wordsLine(parseWords, unmatchedFor(align, "parse", false), "parse-words");
      pp.prepend(h("b", {}, "parse: "));
      box.appendChild(pp);
      box.appendChild(h("p", { class: "note" }, "highlighted: not matched by the other side"));
      detail.appendChild(box);
    } else {
      detail.appendChild(wordsLine(gold, new Set(), ""));
    }
    const modes = r[11] || null;
    const unlabeled = modes !== null && mode === "unlabeled";
    if (modes) detail.appendChild(modeSwitch());
    detail.dataset.mode = modes ? mode : "";
    for (const a of r[10] || []) {
      // An answer with no tree to score as given: what it said, and why it counts so.
      const box = h("div", { class: "answer answer-" + str(a[1]), "data-system": str(a[0]) });
      box.appendChild(h("h4", {}, `answer of ${str(a[0])}: ${str(a[1])}`));
      box.appendChild(h("p", { class: "reason", dir: "auto" }, a[2]));
      if (a[3].length) {
        box.appendChild(h("p", { class: "changes" }, "in its words: " + a[3].map(str).join(", ")));
      }
      box.appendChild(h("pre", { class: "answer-text", dir: "auto" }, a[4]));
      detail.appendChild(box);
    }
    // In the page before anything is drawn in it: the drawings measure their texts.
    const panels = h("div", { class: "panels" });
    detail.appendChild(panels);
    const notes = [];
    for (const p of r[6] || []) {
      const name = str(p[0]);
      const words = p[1] || gold;
      const fig = h("figure", { class: "panel", "data-name": name });
      panels.appendChild(fig);
      fig.appendChild(h("figcaption", {}, caption(name)));
      const both = p[8] !== undefined;   // a TedEval panel: both scripts' marks
      const marks = decodeMarks((unlabeled && both ? p[8] : p[4]) || []);
      const unmatched = unmatchedFor(align, name, name === "gold");
      if (p[2] && p[2].length) {
        drawNodes(fig, words, p[2], marks, unmatched, p[6] || null, unlabeled && both);
      }
      if (p[7] !== undefined && p[7] !== null && !notes.includes(str(p[7]))) notes.push(str(p[7]));
      const arcs = decodeArcs(p, r[6]);
      if (arcs.length) drawArcs(fig, words, arcs, marks, unmatched);
      const left = marks.filter((m) => !m.placed);
      if (left.length) {
        const ul = h("ul", { class: "unplaced" });
        for (const m of left) {
          const li = h("li", { class: "op-" + m.kind, "data-kind": m.kind, "data-label": m.label },
            `${KIND_TEXT[m.kind] || m.kind} `);
          li.appendChild(bdi(m.label));
          li.appendChild(document.createTextNode(` ${m.start}\u2013${m.end} (not in this tree)`));
          ul.appendChild(li);
        }
        fig.appendChild(ul);
      }
      const drawn = fig.querySelector("svg.tree");
      if (drawn) {
        const save = h("button", { type: "button", class: "save-svg",
                                   title: "save this drawing as a standalone SVG file" }, "save SVG");
        save.addEventListener("click", () => saveSvg(drawn, `sentence-${r[0]}-${name}.svg`));
        fig.appendChild(save);
      }
    }
    if (panels.childNodes.length) {
      detail.appendChild(legend());
      // What the node labels are, and which part of them the metric compares.
      for (const note of notes) detail.appendChild(h("p", { class: "labels-note" }, note));
    } else panels.remove();
    if (modes) scripts(r, modes, unlabeled, gold);
    else {
      const ops = r[7] || [];
      if (ops.length) {
        // One list per system, under its name (op_systems: system, count, ...); a report
        // written without them has one list.
        const groups = [];
        const bySystem = r[9] || [];
        for (let k = 0; k < bySystem.length; k += 2) groups.push([str(bySystem[k]), bySystem[k + 1]]);
        if (!groups.length) groups.push([null, ops.length / 5]);
        let at = 0;
        for (const [system, count] of groups) {
          detail.appendChild(h("h4", {}, system === null ? "edit script" : `edit script: ${system}`));
          const ol = opsList(ops.slice(at * 5, (at + count) * 5), gold, false);
          if (system !== null) ol.dataset.system = system;
          detail.appendChild(ol);
          at += count;
        }
      }
    }
    detail.dataset.ready = "1";
  }

  // TedEval's scripts, one per system, in the mode shown: its δ and ι (those the run
  // computed for this sentence), then its operations. modes: [systems flat by 6 (system,
  // unlabeled count, labeled δ, ι, unlabeled δ, ι), unlabeled ops flat by 5].
  function scripts(r, modes, unlabeled, gold) {
    const ops = unlabeled ? modes[1] : r[7] || [];
    const labeledCount = new Map();
    const bySystem = r[9] || [];
    for (let k = 0; k < bySystem.length; k += 2) labeledCount.set(str(bySystem[k]), bySystem[k + 1]);
    const systems = modes[0];
    let at = 0;
    for (let k = 0; k < systems.length; k += 6) {
      const system = str(systems[k]);
      const count = unlabeled ? systems[k + 1] : labeledCount.get(system) || 0;
      const delta = systems[k + (unlabeled ? 4 : 2)], iota = systems[k + (unlabeled ? 5 : 3)];
      detail.appendChild(h("h4", {}, `edit script: ${system}`));
      const score = iota ? `1 \u2212 ${delta}/${iota} = ${(1 - delta / iota).toFixed(4)}`
        : "n/a (\u03b9 = 0: nothing to compare)";
      detail.appendChild(h("p", { class: "numbers", "data-system": system, "data-mode": mode,
                                  "data-delta": String(delta), "data-iota": String(iota) },
        `${unlabeled ? "unlabeled" : "labeled"}: \u03b4 = ${delta} charged operations, ` +
        `\u03b9 = ${iota} items of the parse and the reference, score ${score}`));
      if (count) {
        const ol = opsList(ops.slice(at * 5, (at + count) * 5), gold, unlabeled);
        ol.dataset.system = system;
        detail.appendChild(ol);
      } else {
        detail.appendChild(h("p", { class: "no-ops", "data-system": system },
                             "no operation: the parse has the reference's items"));
      }
      at += count;
    }
  }

  // The switch between TedEval's two scripts, for every sentence of the report: a change
  // draws the open sentence again in the other mode.
  function modeSwitch() {
    const box = h("fieldset", { class: "mode-switch" });
    box.appendChild(h("legend", {}, "TedEval's edit script"));
    for (const [value, text] of [
      ["labeled", "labeled: an item is a function label over a span"],
      ["unlabeled", "unlabeled: an item is a node (not the one over the whole sentence)"],
    ]) {
      const label = h("label", {});
      const input = h("input", { type: "radio", name: "tedeval-mode", value });
      input.checked = value === mode;
      input.addEventListener("change", () => {
        if (!input.checked) return;
        mode = value;
        open(current);
        const again = detail.querySelector(`.mode-switch input[value="${value}"]`);
        if (again) again.focus();
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + text));
      box.appendChild(label);
    }
    return box;
  }

  // One panel as a file of its own, for a slide: the drawing with the styles it is shown
  // with written on each element (a standalone SVG has no stylesheet), on a white ground.
  const STYLED = ["fill", "stroke", "stroke-width", "stroke-dasharray", "font-family",
                  "font-size", "font-style", "font-weight", "text-anchor"];
  function standaloneSvg(svg) {
    const copy = svg.cloneNode(true);
    const from = [svg, ...svg.querySelectorAll("*")];
    const to = [copy, ...copy.querySelectorAll("*")];
    from.forEach((e, i) => {
      const cs = getComputedStyle(e);
      to[i].setAttribute("style", STYLED.map((k) => `${k}:${cs.getPropertyValue(k)}`).join(";"));
    });
    copy.setAttribute("xmlns", SVGNS);
    const ground = document.createElementNS(SVGNS, "rect");
    for (const [k, v] of [["width", "100%"], ["height", "100%"], ["fill", "#fff"]]) ground.setAttribute(k, v);
    copy.insertBefore(ground, copy.firstChild);
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
  }
  function saveSvg(svg, file) {
    const url = URL.createObjectURL(new Blob([standaloneSvg(svg)], { type: "image/svg+xml" }));
    const a = h("a", { href: url, download: file });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  // A panel's caption: the gold, a parse, or the reference it is scored against (TedEval).
  function caption(name) {
    if (name === "gold") return "gold";
    let m = /^reference \((.*)\)$/.exec(name);
    if (m) return `reference: ${H.reference || "gold"}`;
    m = /^gold \((.*)\)$/.exec(name);
    if (m) return `gold: ${m[1]}`;
    return `parse: ${name}`;
  }

  function opsList(ops, gold, unlabeled) {
    const ol = h("ol", { class: "ops" });
    for (let k = 0; k < ops.length; k += 5) {
      const kind = str(ops[k]), lab = str(ops[k + 1]), s = ops[k + 2], e = ops[k + 3];
      const text = ops[k + 4] === 0 && typeof s === "number" ? gold.slice(s, e).join(" ") : ops[k + 4];
      const li = h("li", { class: "op op-" + kind, "data-kind": kind, "data-label": lab,
                           "data-start": String(s), "data-end": String(e),
                           "data-text": text === null ? "" : String(text) });
      li.appendChild(h("span", { class: "sym", "aria-hidden": "true" }, KIND_SYMBOL[kind] || "\u2022"));
      const what = h("span", { class: "what" }, `${KIND_TEXT[kind] || kind} ${unlabeled ? "node " : ""}`);
      what.appendChild(bdi(lab));
      li.appendChild(what);
      li.appendChild(document.createTextNode(` ${s}\u2013${e}`));
      if (text !== null && text !== "") {
        li.appendChild(document.createTextNode(" \u201c"));
        li.appendChild(bdi(String(text), { dir: "auto" }));
        li.appendChild(document.createTextNode("\u201d"));
      }
      ol.appendChild(li);
    }
    return ol;
  }

  if (H.schema !== "nltk_tedeval/html-sentences/1") {
    status.textContent = "unknown sentence data";
    return;
  }
  if (!rows.length) {
    document.getElementById("table-wrap").hidden = true;
    status.textContent = "no sentence data in this report";
  }
  render();
  document.body.dataset.ready = "1";
  performance.mark("tedeval-ready");
})();
