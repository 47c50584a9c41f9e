/* tedeval's HTML report: the sentence table and the trees, drawn from the embedded rows.
   Row layout (render.py): [n, id, file, line, words, values, panels, ops, align]. */
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
  const CHAR = 7.4;
  const textWidth = (t) => Math.max(8, String(t).length * CHAR);

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

  function wordPositions(words) {
    const xs = [];
    let x = 12;
    for (const w of words) {
      const wd = Math.max(26, textWidth(w) + 14);
      xs.push(x + wd / 2);
      x += wd;
    }
    const width = x + 12;
    // Mirrored, every drawing that places by xs (nodes over their words, arcs between
    // them) is mirrored with it.
    const rtl = isRtl(words);
    return { xs: rtl ? xs.map((p) => width - p) : xs, width, rtl };
  }

  // A word or label of any script, isolated (<bdi>) so that a Hebrew label beside Latin
  // text and digits keeps its own order and does not reorder its neighbours.
  const bdi = (text, attrs) => h("bdi", attrs || {}, text);

  // A label in a box; the box's stroke says the mark's kind, plus a strike or underline.
  function label(g, x, y, text, kind) {
    const w = textWidth(text) + 10;
    const box = el("rect", { class: "box", x: x - w / 2, y: y - 12, width: w, height: 17, rx: 2 }, g);
    const t = el("text", { x, y, "text-anchor": "middle" }, g);
    t.textContent = text;
    if (kind === "delete" || kind === "relabel" || kind === "free-delete") {
      if (kind !== "free-delete") {
        el("line", { class: "strike", x1: x - w / 2 + 3, y1: y - 4, x2: x + w / 2 - 3, y2: y - 4 }, g);
      }
    }
    if (kind === "add" || kind === "relabel") {
      el("line", { class: "underline", x1: x - w / 2, y1: y + 8, x2: x + w / 2, y2: y + 8 }, g);
    }
    if (!kind) box.setAttribute("stroke", "none");
    return w;
  }

  function decodeNodes(flat) {
    const nodes = [];
    for (let k = 0; k < flat.length; k += 4) {
      const spans = [];
      if (Array.isArray(flat[k + 1])) {
        const f = flat[k + 1];
        for (let j = 0; j < f.length; j += 2) spans.push([f[j], f[j + 1]]);
      } else spans.push([flat[k + 1], flat[k + 2]]);
      nodes.push({ label: str(flat[k]), spans, parent: flat[k + 3], kids: [] });
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

  function wordsLayer(svg, words, xs, y, unmatched) {
    const g = el("g", { class: "words" }, svg);
    words.forEach((w, i) => {
      const wg = el("g", { class: "word" + (unmatched.has(i) ? " unmatched" : ""),
                           "data-i": String(i) }, g);
      const t = el("text", { x: xs[i], y, "text-anchor": "middle" }, wg);
      t.textContent = w;
      if (unmatched.has(i)) {
        const hw = textWidth(w) / 2;
        el("line", { class: "unmatched-line", x1: xs[i] - hw, y1: y + 5, x2: xs[i] + hw, y2: y + 5 }, wg);
      }
    });
  }

  function drawNodes(fig, words, flat, marks, unmatched) {
    const nodes = decodeNodes(flat);
    const { xs, width, rtl } = wordPositions(words);
    nodes.forEach((nd, i) => { if (nd.parent >= 0 && nodes[nd.parent]) nodes[nd.parent].kids.push(i); });
    const depth = new Array(nodes.length).fill(-1);
    const depthOf = (i, guard) => {
      if (depth[i] >= 0) return depth[i];
      const p = nodes[i].parent;
      depth[i] = p >= 0 && nodes[p] && guard < nodes.length ? depthOf(p, guard + 1) + 1 : 0;
      return depth[i];
    };
    nodes.forEach((_, i) => depthOf(i, 0));
    const maxDepth = nodes.length ? Math.max(...depth) : 0;
    const LEVEL = 42;
    const wordY = 26 + (maxDepth + 1) * LEVEL + 6;
    const svg = el("svg", { class: "tree constituency", width, height: wordY + 14,
                            viewBox: `0 0 ${width} ${wordY + 14}`, role: "img",
                            "data-dir": rtl ? "rtl" : "ltr" });
    const covered = (nd) => {
      const out = [];
      for (const [s, e] of nd.spans) for (let w = s; w < e; w++) out.push(w);
      return out;
    };
    nodes.forEach((nd, i) => {
      const ws = covered(nd).filter((w) => w < xs.length);
      nd.x = ws.length ? ws.reduce((a, w) => a + xs[w], 0) / ws.length : 12;
      nd.y = 24 + depth[i] * LEVEL;
      nd.words = ws;
    });
    const edges = el("g", { class: "edges" }, svg);
    nodes.forEach((nd) => {
      const byKids = new Set();
      nd.kids.forEach((k) => {
        const kid = nodes[k];
        el("line", { class: "edge", x1: nd.x, y1: nd.y + 6, x2: kid.x, y2: kid.y - 13 }, edges);
        kid.words.forEach((w) => byKids.add(w));
      });
      // Words the node covers that no child does hang from it directly; a node with gaps
      // reaches over the words between its spans, so its lines cross the others' there.
      nd.words.forEach((w) => {
        if (!byKids.has(w)) {
          el("line", { class: "edge", x1: nd.x, y1: nd.y + 6, x2: xs[w], y2: wordY - 13 }, edges);
        }
      });
    });
    // Marks find their node: same span (and label if one matches), each node once.
    const key = (nd) => nd.spans.map((s) => s.join("-")).join(",");
    const hull = (nd) => nd.spans[0][0] + "-" + nd.spans[nd.spans.length - 1][1];
    const markOf = new Map();
    for (const m of marks) {
      const k = m.start + "-" + m.end;
      let hit = -1;
      for (const pass of [0, 1, 2]) {
        hit = nodes.findIndex((nd, i) => !markOf.has(i) &&
          (key(nd) === k || (pass === 2 && hull(nd) === k)) && (pass > 0 || nd.label === m.label));
        if (hit >= 0) break;
      }
      if (hit >= 0) { markOf.set(hit, m); m.placed = true; }
    }
    const layer = el("g", { class: "nodes" }, svg);
    nodes.forEach((nd, i) => {
      const m = markOf.get(i);
      const g = el("g", { class: "node" + (m ? " mark mark-" + m.kind : ""), "data-label": nd.label,
                          "data-span": key(nd) }, layer);
      if (m) g.setAttribute("data-mark", m.kind);
      label(g, nd.x, nd.y, nd.label, m ? m.kind : null);
      if (nd.spans.length > 1) g.classList.add("gap");
    });
    wordsLayer(svg, words, xs, wordY, unmatched);
    fig.appendChild(svg);
  }

  function drawArcs(fig, words, arcs, marks, unmatched) {
    const { xs, width, rtl } = wordPositions(words);
    // Nesting levels: an arc is one level above the highest arc inside its span.
    const spans = arcs.map((a) => (a.h === 0 ? null : [Math.min(a.h, a.d), Math.max(a.h, a.d)]));
    const ordered = arcs.map((_, i) => i).filter((i) => spans[i])
      .sort((a, b) => (spans[a][1] - spans[a][0]) - (spans[b][1] - spans[b][0]));
    const level = new Array(arcs.length).fill(1);
    ordered.forEach((i, k) => {
      for (let j = 0; j < k; j++) {
        const o = ordered[j];
        if (spans[o][0] >= spans[i][0] && spans[o][1] <= spans[i][1]) {
          level[i] = Math.max(level[i], level[o] + 1);
        }
      }
    });
    const STEP = 22;
    const top = ((ordered.length ? Math.max(...ordered.map((i) => level[i])) : 0) + 1) * STEP + 20;
    const wordY = top + 18;
    const svg = el("svg", { class: "tree dependency", width, height: wordY + 14,
                            viewBox: `0 0 ${width} ${wordY + 14}`, role: "img",
                            "data-dir": rtl ? "rtl" : "ltr" });
    const base = wordY - 16;
    const markOf = new Map();
    for (const m of marks) {
      const i = arcs.findIndex((a, k) => !markOf.has(k) && a.d === m.start + 1);
      if (i >= 0) { markOf.set(i, m); m.placed = true; }
    }
    const layer = el("g", { class: "arcs" }, svg);
    arcs.forEach((a, i) => {
      const m = markOf.get(i);
      const g = el("g", { class: "arc" + (m ? " mark mark-" + m.kind : ""), "data-label": a.rel,
                          "data-dep": String(a.d), "data-head": String(a.h) }, layer);
      if (m) g.setAttribute("data-mark", m.kind);
      const xd = xs[a.d - 1];
      if (xd === undefined) return;
      let lx, ly;
      if (a.h === 0 || xs[a.h - 1] === undefined) {
        el("path", { d: `M${xd} 14V${base}` }, g);
        lx = xd; ly = 14;
      } else {
        const xh = xs[a.h - 1];
        const y = base - level[i] * STEP;
        el("path", { d: `M${xh} ${base}C${xh} ${y} ${xd} ${y} ${xd} ${base}` }, g);
        lx = (xh + xd) / 2; ly = base - level[i] * STEP * 0.75 - 2;
      }
      el("polygon", { points: `${xd - 4},${base - 7} ${xd + 4},${base - 7} ${xd},${base}` }, g);
      label(g, lx, ly, a.rel, m ? m.kind : null);
    });
    wordsLayer(svg, words, xs, wordY, unmatched);
    fig.appendChild(svg);
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
      const svg = el("svg", { width: 46, height: 20, "aria-hidden": "true" });
      const g = el("g", { class: "mark-" + kind }, svg);
      label(g, 23, 14, "X", kind);
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
    const panels = h("div", { class: "panels" });
    for (const p of r[6] || []) {
      const name = str(p[0]);
      const words = p[1] || gold;
      const fig = h("figure", { class: "panel", "data-name": name });
      fig.appendChild(h("figcaption", {}, caption(name)));
      const marks = decodeMarks(p[4] || []);
      const unmatched = unmatchedFor(align, name, name === "gold");
      if (p[2] && p[2].length) drawNodes(fig, words, p[2], marks, unmatched);
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
      panels.appendChild(fig);
    }
    if (panels.childNodes.length) {
      detail.appendChild(panels);
      detail.appendChild(legend());
    }
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
        const ol = opsList(ops.slice(at * 5, (at + count) * 5), gold);
        if (system !== null) ol.dataset.system = system;
        detail.appendChild(ol);
        at += count;
      }
    }
    detail.dataset.ready = "1";
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

  function opsList(ops, gold) {
    const ol = h("ol", { class: "ops" });
    for (let k = 0; k < ops.length; k += 5) {
      const kind = str(ops[k]), lab = str(ops[k + 1]), s = ops[k + 2], e = ops[k + 3];
      const text = ops[k + 4] === 0 && typeof s === "number" ? gold.slice(s, e).join(" ") : ops[k + 4];
      const li = h("li", { class: "op op-" + kind, "data-kind": kind, "data-label": lab,
                           "data-start": String(s), "data-end": String(e),
                           "data-text": text === null ? "" : String(text) });
      li.appendChild(h("span", { class: "sym", "aria-hidden": "true" }, KIND_SYMBOL[kind] || "\u2022"));
      const what = h("span", { class: "what" }, `${KIND_TEXT[kind] || kind} `);
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
