/* The geometry of the report's drawings, apart from the page: numbers in, numbers out, so
   that it runs anywhere (tests/test_html_layout.py runs it in Node). report.js measures
   every text in the page, gives the widths here, and draws what comes back.

   - tree(): a tree over its words as a tidy tree (Reingold and Tilford 1981): each
     subtree is laid out on its own, then the subtrees of a node are pushed apart, row by
     row, until no two boxes of a row come closer than a gap, and the node is centred
     over its first and last child; the words are the leaves, all on the bottom row. A
     tree with a node whose words have gaps cannot be cut into side-by-side subtrees: its
     nodes sit over the mean of their words, and the words are moved apart where two
     boxes of a row would touch.
   - arcs(): dependency arcs above the words, as displaCy draws them: stacked by length
     (an arc above every arc under it), each label on its arc's top, and the words spread
     so that every label fits between its arc's two ends; arcs that cross, and the roots'
     labels, go up a level until their label is clear of those of the level.

   Both give every box's place: no two boxes of a row overlap, none leaves the drawing. */
var tedevalLayout = (function () {
  "use strict";
  const G = {
    MARGIN: 8,      // around the drawing
    WORD_GAP: 14,   // between the texts of two words
    LABEL_GAP: 10,  // between two boxes of a row
    PAD: 5,         // a box beyond its text, on each side
    UP: 14,         // a box from 14 px above its text's baseline
    DOWN: 6,        //   to 6 px below it
    WORD_UP: 13,    // a word's text from 13 px above its baseline
    WORD_DOWN: 5,   //   to 5 px below it
    ROW: 42,        // between two rows of a tree, baseline to baseline
    ARC_ROW: 26,    // between two levels of arcs, top to top
    ARC_PAD: 6,     // a label's box from either end of its arc, at least
    LINE: 2,        // half the room a line from a node to its word takes in a row
  };

  const box = (w) => w / 2 + G.PAD;  // half a box's width, from its text's width

  // words: the words' text widths; nodes: [{spans: [[s, e], ...], parent, w}] in pre-order
  // (a parent before its children), w the label's text width. The x of every node and
  // word, the y of every row (text baselines), the width and height.
  function tree(words, nodes, rtl) {
    const n = words.length, m = nodes.length;
    const kids = nodes.map(() => []);
    const roots = [];
    const depth = new Array(m).fill(0);
    nodes.forEach((nd, i) => {
      const p = nd.parent;
      if (p >= 0 && p < i) { kids[p].push(i); depth[i] = depth[p] + 1; } else roots.push(i);
    });
    const cover = nodes.map((nd) => {
      const out = [];
      for (const [s, e] of nd.spans) for (let w = Math.max(0, s); w < Math.min(n, e); w++) out.push(w);
      return out;
    });
    const bottom = m ? Math.max(...depth) + 1 : 1;
    const contiguous = nodes.every((nd) => nd.spans.length === 1) &&
      [...kids, roots].every((list) => disjoint(list.map((i) => nodes[i].spans[0]))) &&
      nodes.every((nd, i) => kids[i].every((k) => nodes[k].spans[0][0] >= nd.spans[0][0] &&
                                                   nodes[k].spans[0][1] <= nd.spans[0][1]));
    const placed = contiguous
      ? tidy(words, nodes, kids, roots, depth, cover, bottom)
      : spread(words, nodes, depth, cover);
    const half = nodes.map((nd) => box(nd.w));
    let lo = Infinity, hi = -Infinity;
    placed.nodes.forEach((x, i) => { lo = Math.min(lo, x - half[i]); hi = Math.max(hi, x + half[i]); });
    placed.words.forEach((x, j) => { lo = Math.min(lo, x - words[j] / 2); hi = Math.max(hi, x + words[j] / 2); });
    if (lo > hi) { lo = 0; hi = 0; }
    const width = hi - lo + 2 * G.MARGIN;
    const at = (x) => (rtl ? width - (x - lo + G.MARGIN) : x - lo + G.MARGIN);
    const rowY = (r) => G.MARGIN + G.UP + r * G.ROW;
    const wordY = rowY(bottom) - G.UP + G.WORD_UP;
    return {
      width, height: wordY + G.WORD_DOWN + G.MARGIN, wordY,
      words: placed.words.map(at),
      nodes: placed.nodes.map((x, i) => ({ x: at(x), y: rowY(depth[i]) })),
    };
  }

  function disjoint(spans) {
    const sorted = spans.slice().sort((a, b) => a[0] - b[0]);
    return sorted.every((s, k) => k === 0 || s[0] >= sorted[k - 1][1]);
  }

  // A contour: for each row from `top` down to the words' row, the leftmost and rightmost
  // x that the subtree's boxes take in it, from the subtree's root (Infinity: nothing).
  function contour(top, bottom) {
    const rows = bottom - top + 1;
    return { top, lo: new Array(rows).fill(Infinity), hi: new Array(rows).fill(-Infinity) };
  }
  function widen(c, row, lo, hi) {
    const k = row - c.top;
    if (lo < c.lo[k]) c.lo[k] = lo;
    if (hi > c.hi[k]) c.hi[k] = hi;
  }

  function tidy(words, nodes, kids, roots, depth, cover, bottom) {
    const m = nodes.length, n = words.length;
    const owner = new Array(n).fill(m);  // the lowest node over each word (m: none)
    nodes.forEach((_, i) => { for (const w of cover[i]) owner[w] = i; });  // pre-order: lowest last
    const items = [...kids.map((list) => list.map((k) => ["n", k])), roots.map((k) => ["n", k])];
    owner.forEach((o, w) => items[o].push(["w", w]));
    const first = (it) => (it[0] === "w" ? it[1] : nodes[it[1]].spans[0][0]);
    items.forEach((list) => list.sort((a, b) => first(a) - first(b) || (a[0] === "w" ? 1 : -1)));
    const shapes = new Array(m + 1);  // every subtree's contour, its root at x = 0
    const rel = new Array(m + 1).fill(0);  // a node's x from its parent's
    const wordRel = new Array(n).fill(0);   // a word's x from its node's
    const wordShape = (w) => {
      const c = contour(bottom, bottom);
      widen(c, bottom, -words[w] / 2, words[w] / 2);
      return c;
    };
    // Children have larger indices than their parent: from the last node back is bottom-up,
    // and the roots' common parent (m) comes last.
    for (const i of [...Array(m).keys()].reverse().concat([m])) {
      const row = i === m ? -1 : depth[i];
      const list = items[i];
      const offsets = [];
      let merged = null;
      for (const it of list) {
        const c = it[0] === "w" ? wordShape(it[1]) : shapes[it[1]];
        let off = 0;
        if (merged) {
          off = -Infinity;
          for (let r = Math.max(merged.top, c.top); r <= bottom; r++) {
            const gap = r === bottom ? G.WORD_GAP : G.LABEL_GAP;
            const need = merged.hi[r - merged.top] - c.lo[r - c.top] + gap;
            if (need > off) off = need;
          }
          if (off === -Infinity) off = 0;
        } else merged = contour(c.top, bottom);
        if (c.top < merged.top) {
          const grown = contour(c.top, bottom);
          for (let r = merged.top; r <= bottom; r++) {
            widen(grown, r, merged.lo[r - merged.top], merged.hi[r - merged.top]);
          }
          merged = grown;
        }
        for (let r = c.top; r <= bottom; r++) {
          if (c.lo[r - c.top] <= c.hi[r - c.top]) widen(merged, r, off + c.lo[r - c.top], off + c.hi[r - c.top]);
        }
        offsets.push(off);
      }
      const x = offsets.length ? (offsets[0] + offsets[offsets.length - 1]) / 2 : 0;
      const own = contour(Math.max(0, row), bottom);
      if (i < m) widen(own, row, -box(nodes[i].w), box(nodes[i].w));
      if (merged) {
        for (let r = Math.max(merged.top, own.top); r <= bottom; r++) {
          const k = r - merged.top;
          if (merged.lo[k] <= merged.hi[k]) widen(own, r, merged.lo[k] - x, merged.hi[k] - x);
        }
      }
      list.forEach((it, k) => {
        const dx = offsets[k] - x;
        if (it[0] === "n") { rel[it[1]] = dx; return; }
        wordRel[it[1]] = dx;
        // The line down to a word crosses the rows between: it keeps its room in them, so
        // that a neighbouring subtree's boxes do not sit on it.
        if (i < m) {
          for (let r = row + 1; r < bottom; r++) {
            const lx = (dx * (r - row)) / (bottom - row);
            widen(own, r, lx - G.LINE, lx + G.LINE);
          }
        }
      });
      shapes[i] = own;
    }
    const xs = new Array(m).fill(0);
    for (let i = 0; i < m; i++) {
      const p = nodes[i].parent;
      xs[i] = (p >= 0 && p < i ? xs[p] : 0) + rel[i];
    }
    const wx = owner.map((o, w) => (o === m ? 0 : xs[o]) + wordRel[w]);
    return { nodes: xs, words: wx };
  }

  // A tree with gaps: words left to right, each node over the mean of its words; where two
  // boxes of a row come too close, the words are moved apart after the word that parts
  // them most, and a last sweep pushes any box still too close along its row.
  function spread(words, nodes, depth, cover) {
    const n = words.length, m = nodes.length;
    const extra = new Array(Math.max(0, n - 1)).fill(0);
    const half = nodes.map((nd) => box(nd.w));
    const wordXs = () => {
      const xs = new Array(n);
      for (let j = 0; j < n; j++) {
        xs[j] = j === 0 ? words[0] / 2 : xs[j - 1] + (words[j - 1] + words[j]) / 2 + G.WORD_GAP + extra[j - 1];
      }
      return xs;
    };
    const nodeXs = (wx) => cover.map((ws) => (ws.length ? ws.reduce((a, w) => a + wx[w], 0) / ws.length : 0));
    const rows = new Map();
    nodes.forEach((_, i) => { if (!rows.has(depth[i])) rows.set(depth[i], []); rows.get(depth[i]).push(i); });
    const need = (a, b) => half[a] + half[b] + G.LABEL_GAP;
    const byX = (xs) => (a, b) => xs[a] - xs[b] || a - b;
    // The share of a node's words at or before word j, for every j.
    const below = cover.map((ws) => {
      const f = new Array(n).fill(0);
      for (const w of ws) f[w] += 1;
      for (let j = 1; j < n; j++) f[j] += f[j - 1];
      return f.map((c) => (ws.length ? c / ws.length : 0));
    });
    for (let round = 0; round < 4 * m + 50; round++) {
      const xs = nodeXs(wordXs());
      let worst = null;
      for (const list of rows.values()) {
        const sorted = list.slice().sort(byX(xs));
        for (let k = 1; k < sorted.length; k++) {
          const a = sorted[k - 1], b = sorted[k];
          const short = need(a, b) - (xs[b] - xs[a]);
          if (short > 1e-6) { worst = [a, b, short]; break; }
        }
        if (worst) break;
      }
      if (!worst) break;
      const [a, b, short] = worst;
      // Widening after word j moves b away from a by (share of a's words up to j) minus
      // (share of b's): the word with the largest difference parts them fastest.
      let best = -1, gain = 1e-9;
      for (let j = 0; j < n - 1; j++) {
        const g = below[a][j] - below[b][j];
        if (g > gain) { gain = g; best = j; }
      }
      if (best < 0) break;
      extra[best] += short / gain + 0.01;
    }
    const wx = wordXs();
    const xs = nodeXs(wx);
    for (const list of rows.values()) {
      const sorted = list.slice().sort(byX(xs));
      for (let k = 1; k < sorted.length; k++) {
        const a = sorted[k - 1], b = sorted[k];
        xs[b] = Math.max(xs[b], xs[a] + need(a, b));
      }
    }
    return { nodes: xs, words: wx };
  }

  // words: the words' text widths; arcs: [{h, d, w}] with 1-based head and dependent (head
  // 0: the root) and w the label's text width. For each arc its level (0: not drawn), the
  // x of its head and dependent, the y of its label's baseline and of its curve's control
  // points; a root's label stands over its word.
  function arcs(words, list, rtl) {
    const n = words.length;
    const inside = (k) => k >= 1 && k <= n;
    const kind = list.map((a) => (!inside(a.d) ? "none" : inside(a.h) && a.h !== a.d ? "arc" : "root"));
    const half = list.map((a) => box(a.w));
    // Words left to right, each as close as its text and the labels of the arcs that end
    // at it allow: a label fits between its arc's two ends.
    const ending = words.map(() => []);
    list.forEach((a, i) => {
      if (kind[i] !== "arc") return;
      const lo = Math.min(a.h, a.d) - 1, hi = Math.max(a.h, a.d) - 1;
      ending[hi].push([lo, 2 * half[i] + 2 * G.ARC_PAD]);
    });
    const xs = new Array(n);
    for (let j = 0; j < n; j++) {
      xs[j] = j === 0 ? 0 : xs[j - 1] + (words[j - 1] + words[j]) / 2 + G.WORD_GAP;
      for (const [lo, d] of ending[j]) xs[j] = Math.max(xs[j], xs[lo] + d);
    }
    // Levels: shortest first, each above every arc under it, and higher while its label
    // would touch one of its level (crossing arcs).
    const level = new Array(list.length).fill(0);
    const lx = new Array(list.length).fill(0);
    const span = (i) => [Math.min(list[i].h, list[i].d), Math.max(list[i].h, list[i].d)];
    const order = list.map((_, i) => i).filter((i) => kind[i] === "arc")
      .sort((a, b) => span(a)[1] - span(a)[0] - (span(b)[1] - span(b)[0]) || span(a)[0] - span(b)[0] || a - b);
    const done = [];
    const clear = (i, lvl) => done.every((j) => level[j] !== lvl ||
      lx[j] + half[j] + G.LABEL_GAP <= lx[i] - half[i] || lx[i] + half[i] + G.LABEL_GAP <= lx[j] - half[j]);
    for (const i of order) {
      const [a, b] = span(i);
      let lvl = 1;
      for (const j of done) {
        const [c, d] = span(j);
        if (c >= a && d <= b && level[j] >= lvl) lvl = level[j] + 1;
      }
      lx[i] = (xs[a - 1] + xs[b - 1]) / 2;
      while (!clear(i, lvl)) lvl++;
      level[i] = lvl;
      done.push(i);
    }
    const top = done.reduce((t, i) => Math.max(t, level[i]), 0);
    list.forEach((a, i) => {
      if (kind[i] !== "root") return;
      lx[i] = xs[a.d - 1];
      let lvl = top + 1;
      while (!clear(i, lvl)) lvl++;
      level[i] = lvl;
      done.push(i);
    });
    const highest = done.reduce((t, i) => Math.max(t, level[i]), 0);
    // y: a label's box sits on its arc's top, a level ARC_ROW above the one below.
    const base = G.MARGIN + G.UP + G.DOWN + 1 + highest * G.ARC_ROW;  // the arrows' tips
    const wordY = base + 5 + G.WORD_UP;
    let lo = Infinity, hi = -Infinity;
    xs.forEach((x, j) => { lo = Math.min(lo, x - words[j] / 2); hi = Math.max(hi, x + words[j] / 2); });
    done.forEach((i) => { lo = Math.min(lo, lx[i] - half[i]); hi = Math.max(hi, lx[i] + half[i]); });
    if (lo > hi) { lo = 0; hi = 0; }
    const width = hi - lo + 2 * G.MARGIN;
    const at = (x) => (rtl ? width - (x - lo + G.MARGIN) : x - lo + G.MARGIN);
    return {
      width, height: wordY + G.WORD_DOWN + G.MARGIN, wordY, base,
      words: xs.map(at),
      arcs: list.map((a, i) => {
        if (kind[i] === "none") return { level: 0 };
        const apex = base - level[i] * G.ARC_ROW;  // the curve's top: 3/4 of the way to cy
        return {
          level: level[i], root: kind[i] === "root",
          head: kind[i] === "arc" ? at(xs[a.h - 1]) : null, dep: at(xs[a.d - 1]),
          cy: base - (level[i] * G.ARC_ROW) / 0.75,
          x: at(lx[i]), y: apex - 1 - G.DOWN,
        };
      }),
    };
  }

  return { G, tree, arcs };
})();
if (typeof module === "object" && module.exports) module.exports = tedevalLayout;
