// Injected by ReportInBrowserTest into a copy of a report's index.html. Once the page has loaded it
// measures every inline figure and every label in it, and writes what it found into the DOM as JSON:
//   figures: each inline <figure><svg>'s rendered size
//   files:   each figures/*.svg file loaded as an image, with its natural size
//   labels:  every visible <text> of a figure that is clipped (outside the SVG's box, or outside the
//            clip path that applies to it) or that overlaps another label of the same figure
//   errors:  the window's errors
// A label is the rectangle of its getBBox() (its glyph cell) mapped to the page by its screen
// transform, so rotated labels are exact quadrilaterals; two labels overlap when the separating-axis
// test finds them interpenetrating by more than SLACK pixels, and a label is clipped when a corner
// lies more than SLACK pixels outside a box that contains it.
(() => {
  const SLACK = 1;
  const corners = (box, matrix) => [[box.x, box.y], [box.x + box.width, box.y], [box.x + box.width, box.y + box.height],
    [box.x, box.y + box.height]].map(([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(matrix);
      return [p.x, p.y];
    });
  const penetration = (a, b) => {
    let least = Infinity;
    for (const quad of [a, b]) {
      for (let i = 0; i < 4; i++) {
        const [x1, y1] = quad[i];
        const [x2, y2] = quad[(i + 1) % 4];
        const length = Math.hypot(x2 - x1, y2 - y1) || 1;
        const axis = [(y1 - y2) / length, (x2 - x1) / length];
        const project = q => q.map(([x, y]) => x * axis[0] + y * axis[1]);
        const pa = project(a);
        const pb = project(b);
        least = Math.min(least, Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)));
      }
    }
    return least;
  };
  const outside = (quad, rect) => quad.some(([x, y]) => x < rect.left - SLACK || x > rect.right + SLACK || y < rect.top - SLACK
    || y > rect.bottom + SLACK);
  const clipRect = (text, svg) => {
    for (let node = text; node && node !== svg.parentNode; node = node.parentNode) {
      const reference = node.nodeType === 1 ? getComputedStyle(node).clipPath : 'none';
      const id = /url\("?#([^")]+)"?\)/.exec(reference || '');
      if (id) {
        const clip = svg.querySelector('clipPath[id="' + id[1] + '"]');
        const shape = clip && clip.firstElementChild;
        if (shape) {
          const quad = corners(shape.getBBox(), node.getScreenCTM());
          const xs = quad.map(p => p[0]);
          const ys = quad.map(p => p[1]);
          return {left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
        }
      }
    }
    return null;
  };
  const visible = text => {
    const style = getComputedStyle(text);
    return text.textContent.trim() !== '' && style.display !== 'none' && style.visibility !== 'hidden'
      && Number(style.opacity) > 0 && text.getBBox().width > 0;
  };
  window.addEventListener('load', () => {
    const figures = [];
    const labels = [];
    for (const svg of document.querySelectorAll('figure > svg')) {
      const file = svg.parentElement.querySelector('figcaption a').getAttribute('href');
      const box = svg.getBoundingClientRect();
      figures.push({file, width: box.width, height: box.height});
      const texts = [...svg.querySelectorAll('text')].filter(visible).map(t => ({text: t.textContent.trim(), element: t,
        quad: corners(t.getBBox(), t.getScreenCTM())}));
      for (const t of texts) {
        const clip = clipRect(t.element, svg);
        if (outside(t.quad, box)) {
          labels.push({file, problem: 'clipped by the figure', text: t.text});
        } else if (clip && outside(t.quad, clip)) {
          labels.push({file, problem: 'clipped by its clip path', text: t.text});
        }
      }
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          if (penetration(texts[i].quad, texts[j].quad) > SLACK) {
            labels.push({file, problem: 'overlaps', text: texts[i].text + ' | ' + texts[j].text});
          }
        }
      }
    }
    const files = [...document.querySelectorAll('img.dl2-check')].map(img => ({file: img.getAttribute('src'),
      width: img.naturalWidth, height: img.naturalHeight, complete: img.complete}));
    const out = document.createElement('pre');
    out.id = 'dl2-check';
    out.textContent = JSON.stringify({figures, files, labels, errors: window.dl2Errors});
    document.body.appendChild(out);
  });
})();
