// Draws latency distributions as a hand-written SVG: one cumulative curve per contender on a log time axis.

const W = 760;
const H = 420;
const M = { left: 64, right: 24, top: 48, bottom: 84 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

function xmlText(text) {
  return String(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
}

/**
 * series: [{ name, color, us }] where `us` holds one duration per command in microseconds.
 * The x axis is logarithmic because the contenders differ by orders of magnitude.
 */
export function latencyChart(series, { title, subtitle }) {
  const all = series.flatMap((s) => [Math.min(...s.us), Math.max(...s.us)]);
  const lo = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...all))));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...all)));
  const x = (us) => M.left + ((Math.log10(Math.max(us, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * PLOT_W;
  const y = (q) => M.top + (1 - q) * PLOT_H;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="15" font-weight="600">${xmlText(title)}</text>`);
  if (subtitle) out.push(`<text x="${M.left}" y="38" fill="#555">${xmlText(subtitle)}</text>`);
  for (let d = lo; d <= hi; d *= 10) {
    const label = d >= 1000 ? `${d / 1000} ms` : `${d} µs`;
    out.push(`<line x1="${x(d)}" y1="${M.top}" x2="${x(d)}" y2="${M.top + PLOT_H}" stroke="#ddd"/>`);
    out.push(`<text x="${x(d)}" y="${M.top + PLOT_H + 16}" text-anchor="middle" fill="#333">${label}</text>`);
    for (let k = 2; k < 10 && d * k < hi; k++) {
      out.push(`<line x1="${x(d * k)}" y1="${M.top}" x2="${x(d * k)}" y2="${M.top + PLOT_H}" stroke="#f2f2f2"/>`);
    }
  }
  for (const q of [0, 0.25, 0.5, 0.75, 0.9, 0.99, 1]) {
    out.push(`<line x1="${M.left}" y1="${y(q)}" x2="${M.left + PLOT_W}" y2="${y(q)}" stroke="${q === 0.5 ? '#bbb' : '#eee'}"/>`);
    out.push(`<text x="${M.left - 6}" y="${y(q) + 4}" text-anchor="end" fill="#333">${Math.round(q * 100)}%</text>`);
  }
  out.push(`<rect x="${M.left}" y="${M.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#999"/>`);
  out.push(
    `<text x="${M.left + PLOT_W / 2}" y="${M.top + PLOT_H + 34}" text-anchor="middle" fill="#333">time per command (log scale)</text>`,
  );
  out.push(
    `<text transform="translate(16 ${M.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle" fill="#333">share of commands at most this fast</text>`,
  );
  series.forEach((s, i) => {
    const sorted = Float64Array.from(s.us).sort();
    const n = sorted.length;
    const points = [];
    const steps = 300;
    for (let k = 0; k <= steps; k++) {
      const idx = Math.min(n - 1, Math.floor((k / steps) * (n - 1)));
      points.push(`${x(sorted[idx]).toFixed(1)},${y((idx + 1) / n).toFixed(1)}`);
    }
    out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${points.join(' ')}"/>`);
    const p50 = sorted[Math.floor(0.5 * n)];
    out.push(`<circle cx="${x(p50).toFixed(1)}" cy="${y(0.5).toFixed(1)}" r="3.5" fill="${s.color}"/>`);
    const lx = M.left + (i % 2) * (PLOT_W / 2);
    const ly = M.top + PLOT_H + 52 + Math.floor(i / 2) * 16;
    out.push(`<line x1="${lx}" y1="${ly - 4}" x2="${lx + 18}" y2="${ly - 4}" stroke="${s.color}" stroke-width="3"/>`);
    out.push(`<text x="${lx + 24}" y="${ly}">${xmlText(`${s.name} — p50 ${p50.toFixed(1)} µs`)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
