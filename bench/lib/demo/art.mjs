// Pictures for the demo community, drawn in code as SVG (rendered by sharp): landscapes, city nights,
// skies, coffee, flowers and graphic patterns, each varied by a seeded random source, so a newcomer sees
// a feed that looks like people's photos rather than test patterns. No text: fonts differ per machine.
import { randomFrom } from "./random.mjs";

export const PHOTO = { width: 1080, height: 1350 };

/**
 * The shapes people's photos come in, as Instagram shows them: portrait 4:5 most often, then square,
 * then landscape 3:2, so the demo feed shows each frame the app draws.
 */
export const PHOTO_SHAPES = [PHOTO, PHOTO, { width: 1080, height: 1080 }, { width: 1080, height: 720 }];

/** The shape of one photo of the demo, the same every time for the same seed. */
export const photoShape = (seed) => randomFrom(`shape:${seed}`).pick(PHOTO_SHAPES);

const round = (n) => Math.round(n * 10) / 10;
const svg = (width, height, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs>${defs}</defs>${body}</svg>`;
const stops = (colors) =>
  colors
    .map((color, i) => `<stop offset="${round((i / (colors.length - 1)) * 100)}%" stop-color="${color}"/>`)
    .join("");
const linear = (id, colors, [x1, y1, x2, y2] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(colors)}</linearGradient>`;
const radial = (id, colors) => `<radialGradient id="${id}">${stops(colors)}</radialGradient>`;
// Applied to a group of shapes (one blur per layer, not per shape: blurs are the slow part of rendering).
const blur = (id, amount) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${amount}"/></filter>`;
const blurred = (id, shapes) => `<g filter="url(#${id})">${shapes}</g>`;
const rect = (width, height, fill) => `<rect width="${width}" height="${height}" fill="${fill}"/>`;

/** A mountain ridge by midpoint displacement, closed down to the bottom edge. */
function ridge(rng, { width, height }, baseY, roughness) {
  let points = [
    [0, baseY + rng.between(-roughness, roughness)],
    [width, baseY + rng.between(-roughness, roughness)],
  ];
  for (let spread = roughness; points.length < 129; spread *= 0.55) {
    const next = [];
    for (let i = 0; i < points.length - 1; i++) {
      const [x1, y1] = points[i];
      const [x2, y2] = points[i + 1];
      next.push(points[i], [(x1 + x2) / 2, (y1 + y2) / 2 + rng.between(-spread, spread)]);
    }
    next.push(points.at(-1));
    points = next;
  }
  const path = points.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");
  return `0,${height} ${path} ${width},${height}`;
}

function stars(rng, { width, height }, count, maxY) {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${round(rng.between(0, width))}" cy="${round(rng.between(0, maxY * height))}" r="${round(rng.between(0.8, 2.6))}" fill="#fff" opacity="${round(rng.between(0.3, 1))}"/>`;
  }
  return out;
}

function sunsetMountains(rng, size) {
  const palette = rng.pick([
    {
      sky: ["#1e1b4b", "#7c3aed", "#f472b6", "#fdba74"],
      sun: "#fff7ed",
      land: ["#a0527f", "#7b3a6b", "#4c2357", "#220f33"],
    },
    {
      sky: ["#0f172a", "#1d4ed8", "#f97316", "#fde68a"],
      sun: "#fffbeb",
      land: ["#b45309", "#7c2d12", "#431407", "#1c0a05"],
    },
    {
      sky: ["#164e63", "#38bdf8", "#fbcfe8", "#fef3c7"],
      sun: "#ffffff",
      land: ["#5eaab8", "#2f7f8f", "#155e75", "#083344"],
    },
    {
      sky: ["#312e81", "#c026d3", "#fb7185", "#fed7aa"],
      sun: "#fff1f2",
      land: ["#9d4e8a", "#6b2f6e", "#3f1a4f", "#1a0b24"],
    },
  ]);
  const { width, height } = size;
  const sunX = rng.between(0.25, 0.75) * width;
  const sunY = rng.between(0.42, 0.55) * height;
  const sunR = rng.between(70, 120);
  const layers = palette.land
    .map(
      (color, i) =>
        `<polygon points="${ridge(rng, size, height * (0.55 + i * 0.09), 90 - i * 12)}" fill="${color}"/>`,
    )
    .join("");
  return svg(
    width,
    height,
    linear("sky", palette.sky) + radial("glow", [palette.sun, `${palette.sun}00`]),
    rect(width, height, "url(#sky)") +
      `<circle cx="${sunX}" cy="${sunY}" r="${sunR * 3.5}" fill="url(#glow)" opacity="0.55"/>` +
      `<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${palette.sun}"/>` +
      layers,
  );
}

function aurora(rng, size) {
  const { width, height } = size;
  const colors = rng.pick([
    ["#34d399", "#22d3ee", "#a78bfa"],
    ["#4ade80", "#2dd4bf", "#f472b6"],
    ["#a3e635", "#34d399", "#60a5fa"],
  ]);
  let ribbons = "";
  let glows = "";
  for (let i = 0; i < 5; i++) {
    const y = height * rng.between(0.15, 0.5);
    const wave = () => round(y + rng.between(-260, 260));
    const d = `M -150 ${wave()} C ${width * 0.15} ${wave()}, ${width * 0.35} ${wave()}, ${width * 0.5} ${wave()} S ${width * 0.85} ${wave()}, ${width + 150} ${wave()}`;
    ribbons += `<path d="${d}" stroke="url(#band)" stroke-width="${round(rng.between(50, 150))}" fill="none" opacity="${round(rng.between(0.35, 0.75))}"/>`;
    glows += `<path d="${d}" stroke="${colors[0]}" stroke-width="6" fill="none" opacity="0.35"/>`;
  }
  return svg(
    width,
    height,
    linear("night", ["#020617", "#0f172a", "#1e1b4b"]) +
      linear("band", colors, [0, 0, 1, 0]) +
      blur("soft", 34) +
      blur("glow", 6),
    rect(width, height, "url(#night)") +
      stars(rng, size, 220, 0.75) +
      blurred("soft", ribbons) +
      blurred("glow", glows) +
      `<polygon points="${ridge(rng, size, height * 0.74, 70)}" fill="#0b1120"/>` +
      `<polygon points="${ridge(rng, size, height * 0.84, 40)}" fill="#020617"/>`,
  );
}

function ocean(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    { sky: ["#bae6fd", "#fef9c3"], sea: ["#7dd3fc", "#38bdf8", "#0ea5e9", "#0284c7", "#0369a1", "#075985"] },
    { sky: ["#fbcfe8", "#fde68a"], sea: ["#a5b4fc", "#818cf8", "#6366f1", "#4f46e5", "#4338ca", "#312e81"] },
    { sky: ["#99f6e4", "#ecfeff"], sea: ["#5eead4", "#2dd4bf", "#14b8a6", "#0d9488", "#0f766e", "#134e4a"] },
  ]);
  const horizon = height * rng.between(0.38, 0.48);
  let waves = "";
  palette.sea.forEach((color, i) => {
    const top = horizon + (i * (height - horizon)) / palette.sea.length;
    const amplitude = 8 + i * 9;
    const length = rng.between(160, 320);
    let d = `M 0 ${round(top)}`;
    for (let x = 0; x <= width + length; x += length) {
      d += ` q ${round(length / 4)} ${round(-amplitude)} ${round(length / 2)} 0 t ${round(length / 2)} 0`;
    }
    waves += `<path d="${d} L ${width + length} ${height} L 0 ${height} Z" fill="${color}"/>`;
    waves += `<path d="${d}" stroke="#ffffff" stroke-width="${2 + i}" fill="none" opacity="0.35"/>`;
  });
  const sunX = rng.between(0.2, 0.8) * width;
  return svg(
    width,
    height,
    linear("sky", palette.sky) + radial("glow", ["#ffffff", "#ffffff00"]),
    rect(width, height, "url(#sky)") +
      `<circle cx="${sunX}" cy="${horizon - 60}" r="260" fill="url(#glow)" opacity="0.8"/>` +
      `<circle cx="${sunX}" cy="${horizon - 60}" r="70" fill="#fffbeb"/>` +
      waves,
  );
}

function cityNight(rng, size) {
  const { width, height } = size;
  const dusk = rng.pick([
    ["#0f172a", "#312e81", "#be185d"],
    ["#020617", "#1e3a8a", "#7c3aed"],
    ["#111827", "#4c1d95", "#f97316"],
  ]);
  const street = height * 0.8;
  const row = (shade, minH, maxH, lit) => {
    let out = "";
    for (let x = -20; x < width; ) {
      const w = rng.between(60, 150);
      const h = rng.between(minH, maxH);
      out += `<rect x="${round(x)}" y="${round(street - h)}" width="${round(w)}" height="${round(h)}" fill="${shade}"/>`;
      for (let wy = street - h + 18; wy < street - 16; wy += 26) {
        for (let wx = x + 12; wx < x + w - 16; wx += 20) {
          if (rng.chance(lit)) {
            out += `<rect x="${round(wx)}" y="${round(wy)}" width="9" height="13" fill="${rng.pick(["#fde68a", "#fbbf24", "#fef3c7"])}" opacity="${round(rng.between(0.6, 1))}"/>`;
          }
        }
      }
      x += w + rng.between(0, 14);
    }
    return out;
  };
  return svg(
    width,
    height,
    linear("dusk", dusk) + linear("water", ["#1e1b4b", "#020617"]) + radial("moon", ["#fefce8", "#fefce800"]),
    rect(width, height, "url(#dusk)") +
      stars(rng, size, 90, 0.45) +
      `<circle cx="${rng.between(0.15, 0.85) * width}" cy="${height * 0.18}" r="160" fill="url(#moon)" opacity="0.7"/>` +
      row("#1e293b", 300, 640, 0.18) +
      row("#0b1020", 160, 420, 0.32) +
      `<rect y="${street}" width="${width}" height="${height - street}" fill="url(#water)"/>` +
      Array.from(
        { length: 40 },
        () =>
          `<rect x="${round(rng.between(0, width))}" y="${round(rng.between(street + 10, height))}" width="${round(rng.between(20, 90))}" height="3" fill="#fbbf24" opacity="${round(rng.between(0.15, 0.5))}"/>`,
      ).join(""),
  );
}

function bokeh(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    ["#0f172a", "#1e1b4b", "#f472b6", "#fbbf24", "#60a5fa", "#c084fc"],
    ["#1c1917", "#44403c", "#fb923c", "#facc15", "#fde68a", "#f87171"],
    ["#042f2e", "#134e4a", "#5eead4", "#a7f3d0", "#fde047", "#67e8f9"],
  ]);
  const lights = { far: "", near: "" };
  for (let i = 0; i < 46; i++) {
    lights[rng.chance(0.6) ? "far" : "near"] +=
      `<circle cx="${round(rng.between(0, width))}" cy="${round(rng.between(0, height))}" r="${round(rng.between(25, 150))}" fill="${rng.pick(palette.slice(2))}" opacity="${round(rng.between(0.15, 0.55))}"/>`;
  }
  return svg(
    width,
    height,
    linear("bg", palette.slice(0, 2), [0, 0, 1, 1]) + blur("far", 18) + blur("near", 4),
    rect(width, height, "url(#bg)") + blurred("far", lights.far) + blurred("near", lights.near),
  );
}

function bauhaus(rng, size) {
  const { width, height } = size;
  const colors = rng.pick([
    ["#e63946", "#f1c453", "#1d3557", "#457b9d", "#2a9d8f"],
    ["#264653", "#e9c46a", "#f4a261", "#e76f51", "#2a9d8f"],
    ["#22223b", "#f2cc8f", "#e07a5f", "#81b29a", "#3d405b"],
  ]);
  const cols = 3;
  const rows = 4;
  const w = width / cols;
  const h = height / rows;
  let tiles = "";
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [x, y] = [c * w, r * h];
      const [back, front] = rng.shuffle(colors);
      const radius = Math.min(w, h);
      const corner = rng.int(0, 3);
      const cx = x + (corner % 2) * w;
      const cy = y + Math.floor(corner / 2) * h;
      const shapes = [
        `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${radius * 0.38}" fill="${front}"/>`,
        `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${front}"/>`,
        `<path d="M ${x} ${y + h} A ${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + h} Z" fill="${front}"/>`,
        `<polygon points="${x},${y} ${x + w},${y + h} ${x},${y + h}" fill="${front}"/>`,
        `<rect x="${x + w * 0.2}" y="${y + h * 0.2}" width="${w * 0.6}" height="${h * 0.6}" fill="${front}"/><circle cx="${x + w / 2}" cy="${y + h / 2}" r="${radius * 0.18}" fill="${back}"/>`,
      ];
      tiles +=
        `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">` +
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${back}"/>${rng.pick(shapes)}</svg>`;
    }
  }
  return svg(width, height, "", rect(width, height, "#f5efe6") + tiles);
}

function forest(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    { sky: ["#e0f2fe", "#f0fdf4"], trees: ["#a7c4b5", "#7fa897", "#557f6f", "#2f5a4b", "#163528"] },
    { sky: ["#fde2e4", "#fff1e6"], trees: ["#d8b4c0", "#b08497", "#7f5a72", "#4e344a", "#25182a"] },
    { sky: ["#fef3c7", "#ecfccb"], trees: ["#bfcf9f", "#93ab6f", "#66834a", "#3d5a2c", "#1f3317"] },
  ]);
  let rows = "";
  palette.trees.forEach((color, i) => {
    const base = height * (0.5 + i * 0.11);
    for (let x = rng.between(-60, 0); x < width + 60; x += rng.between(45, 95) + i * 12) {
      const tall = rng.between(180, 320) + i * 60;
      const half = tall * 0.22;
      rows += `<polygon points="${round(x)},${round(base - tall)} ${round(x + half)},${round(base)} ${round(x - half)},${round(base)}" fill="${color}"/>`;
    }
    rows += `<rect y="${round(base - 2)}" width="${width}" height="${round(height - base + 2)}" fill="${color}"/>`;
  });
  return svg(
    width,
    height,
    linear("sky", palette.sky) + radial("sun", ["#ffffff", "#ffffff00"]),
    rect(width, height, "url(#sky)") +
      `<circle cx="${rng.between(0.2, 0.8) * width}" cy="${height * 0.3}" r="300" fill="url(#sun)"/>` +
      rows,
  );
}

function dunes(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    { sky: ["#fde68a", "#fb923c"], sand: ["#f4a261", "#e76f51", "#d35f3f", "#9c3f2a"] },
    { sky: ["#fbcfe8", "#fde68a"], sand: ["#f6bd60", "#f28482", "#c8553d", "#8c3b2e"] },
    { sky: ["#c7d2fe", "#fecaca"], sand: ["#e9c46a", "#d4a373", "#bc6c25", "#7f4f24"] },
  ]);
  let layers = "";
  palette.sand.forEach((color, i) => {
    const top = height * (0.5 + i * 0.12);
    const y = () => round(top + rng.between(-110, 110));
    layers +=
      `<linearGradient id="sand${i}" x1="0" y1="0" x2="1" y2="1">${stops([color, `${color}cc`])}</linearGradient>` +
      `<path d="M 0 ${y()} C ${width * 0.3} ${y()}, ${width * 0.55} ${y()}, ${width} ${y()} L ${width} ${height} L 0 ${height} Z" fill="url(#sand${i})"/>`;
  });
  const sunX = rng.between(0.2, 0.8) * width;
  return svg(
    width,
    height,
    linear("sky", palette.sky),
    rect(width, height, "url(#sky)") +
      `<circle cx="${sunX}" cy="${height * 0.32}" r="${rng.between(90, 150)}" fill="#fffbeb" opacity="0.9"/>` +
      layers,
  );
}

function latte(rng, size) {
  const { width, height } = size;
  const drink = rng.pick([
    { coffee: ["#a47551", "#6f4e37"], foam: "#f5e6d3" },
    { coffee: ["#9cbf7a", "#5d7d3c"], foam: "#f0f5e6" },
    { coffee: ["#c08457", "#7c4a2d"], foam: "#fff4e6" },
  ]);
  const table = rng.pick(["#8b5e3c", "#5c4033", "#d6c6b0", "#2f3e46"]);
  let grain = "";
  for (let y = 0; y < height; y += rng.between(8, 22)) {
    grain += `<path d="M 0 ${round(y)} Q ${width / 2} ${round(y + rng.between(-12, 12))} ${width} ${round(y)}" stroke="#000" stroke-width="${round(rng.between(1, 4))}" opacity="${round(rng.between(0.04, 0.12))}" fill="none"/>`;
  }
  const [cx, cy] = [width * rng.between(0.42, 0.58), height * rng.between(0.42, 0.55)];
  const heart = `M ${cx} ${cy + 90} C ${cx - 150} ${cy - 10}, ${cx - 90} ${cy - 130}, ${cx} ${cy - 60} C ${cx + 90} ${cy - 130}, ${cx + 150} ${cy - 10}, ${cx} ${cy + 90} Z`;
  return svg(
    width,
    height,
    radial("coffee", drink.coffee) + blur("shadow", 22),
    rect(width, height, table) +
      grain +
      `<circle cx="${cx + 18}" cy="${cy + 26}" r="330" fill="#000" opacity="0.35" filter="url(#shadow)"/>` +
      `<circle cx="${cx}" cy="${cy}" r="330" fill="#f8fafc"/><circle cx="${cx}" cy="${cy}" r="300" fill="#e2e8f0"/>` +
      `<path d="M ${cx + 225} ${cy - 40} q 140 40 0 80" stroke="#f8fafc" stroke-width="34" fill="none"/>` +
      `<circle cx="${cx}" cy="${cy}" r="230" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="200" fill="url(#coffee)"/>` +
      `<path d="${heart}" fill="${drink.foam}" opacity="0.95"/>` +
      `<path d="M ${cx} ${cy + 150} L ${cx} ${cy - 40}" stroke="${drink.coffee[1]}" stroke-width="6" opacity="0.6"/>`,
  );
}

function flowers(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    { bg: ["#fdf2f8", "#fce7f3"], petals: ["#f472b6", "#ec4899", "#fbcfe8"], heart: "#facc15" },
    { bg: ["#fefce8", "#fef9c3"], petals: ["#facc15", "#f59e0b", "#fde68a"], heart: "#78350f" },
    { bg: ["#f5f3ff", "#ede9fe"], petals: ["#a78bfa", "#8b5cf6", "#ddd6fe"], heart: "#fde047" },
    { bg: ["#ecfeff", "#cffafe"], petals: ["#fb7185", "#f43f5e", "#fecdd3"], heart: "#fef08a" },
  ]);
  let out = "";
  const count = rng.int(3, 6);
  for (let f = 0; f < count; f++) {
    const [x, y] = [rng.between(0.15, 0.85) * width, rng.between(0.15, 0.85) * height];
    const r = rng.between(90, 230);
    const petals = rng.int(7, 14);
    const spin = rng.between(0, 360);
    out += `<path d="M ${round(x)} ${round(y)} Q ${round(x + rng.between(-80, 80))} ${round(y + r * 1.5)} ${round(x + rng.between(-40, 40))} ${height + 20}" stroke="#4d7c0f" stroke-width="10" fill="none" opacity="0.75"/>`;
    for (const [scale, color] of [
      [1, palette.petals[0]],
      [0.68, palette.petals[1]],
      [0.4, palette.petals[2]],
    ]) {
      for (let p = 0; p < petals; p++) {
        out += `<ellipse cx="${round(x)}" cy="${round(y - r * scale * 0.55)}" rx="${round(r * scale * 0.22)}" ry="${round(r * scale * 0.55)}" fill="${color}" opacity="0.92" transform="rotate(${round(spin + (p * 360) / petals)} ${round(x)} ${round(y)})"/>`;
      }
    }
    out += `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r * 0.16)}" fill="${palette.heart}"/>`;
  }
  return svg(width, height, linear("bg", palette.bg, [0, 0, 1, 1]), rect(width, height, "url(#bg)") + out);
}

function planet(rng, size) {
  const { width, height } = size;
  const body = rng.pick([
    ["#fde68a", "#f59e0b", "#7c2d12"],
    ["#a5f3fc", "#3b82f6", "#1e1b4b"],
    ["#fbcfe8", "#c026d3", "#3b0764"],
  ]);
  const [cx, cy, r] = [
    width * rng.between(0.35, 0.65),
    height * rng.between(0.4, 0.6),
    rng.between(170, 250),
  ];
  const tilt = rng.between(-25, 25);
  const ring = (half) =>
    `<path d="M ${cx - r * 1.9} ${cy} A ${r * 1.9} ${r * 0.45} 0 0 ${half} ${cx + r * 1.9} ${cy}" stroke="${body[0]}" stroke-width="22" fill="none" opacity="0.8" transform="rotate(${round(tilt)} ${cx} ${cy})"/>`;
  let nebula = "";
  for (let i = 0; i < 5; i++) {
    nebula += `<circle cx="${round(rng.between(0, width))}" cy="${round(rng.between(0, height))}" r="${round(rng.between(150, 320))}" fill="${rng.pick(["#7c3aed", "#db2777", "#2563eb", "#0d9488"])}" opacity="0.22"/>`;
  }
  return svg(
    width,
    height,
    linear("space", ["#020617", "#0c0a1f"]) +
      linear("surface", body, [0, 0, 1, 1]) +
      radial("shade", ["#00000000", "#00000000", "#000000aa"]) +
      `<clipPath id="disc"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>` +
      blur("haze", 60),
    rect(width, height, "url(#space)") +
      blurred("haze", nebula) +
      stars(rng, size, 260, 1) +
      ring(0) +
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#surface)"/>` +
      `<circle cx="${cx - r * 0.25}" cy="${cy - r * 0.25}" r="${r * 1.3}" fill="url(#shade)" clip-path="url(#disc)"/>` +
      ring(1),
  );
}

function fluid(rng, size) {
  const { width, height } = size;
  const palette = rng.pick([
    ["#fdf4ff", "#f0abfc", "#818cf8", "#22d3ee", "#fde047"],
    ["#fff7ed", "#fb7185", "#f97316", "#a855f7", "#fcd34d"],
    ["#f0fdfa", "#34d399", "#3b82f6", "#a3e635", "#f472b6"],
  ]);
  let blobs = "";
  for (let i = 0; i < 7; i++) {
    blobs += `<ellipse cx="${round(rng.between(0, width))}" cy="${round(rng.between(0, height))}" rx="${round(rng.between(250, 520))}" ry="${round(rng.between(220, 480))}" fill="${palette[1 + (i % 4)]}" opacity="${round(rng.between(0.6, 0.95))}"/>`;
  }
  return svg(
    width,
    height,
    blur("melt", 110) +
      `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${rng.int(1, 999)}"/><feColorMatrix type="saturate" values="0"/></filter>`,
    rect(width, height, palette[0]) +
      blurred("melt", blobs) +
      `<rect width="${width}" height="${height}" filter="url(#grain)" opacity="0.08"/>`,
  );
}

export const scenes = {
  sunsetMountains,
  aurora,
  ocean,
  cityNight,
  bokeh,
  bauhaus,
  forest,
  dunes,
  latte,
  flowers,
  planet,
  fluid,
};

/** One picture of a scene as SVG text; the seed picks its palette and shapes. */
export function drawScene(scene, seed, size = PHOTO) {
  return scenes[scene](randomFrom(seed), size);
}

/** A friendly face for an avatar: a tilted head with eyes and a smile on a colour field. */
export function drawAvatar(seed, tone, size = 300) {
  const rng = randomFrom(`avatar:${seed}`);
  const tones = [
    ["#fde68a", "#f472b6", "#1f2937"],
    ["#bae6fd", "#6366f1", "#f8fafc"],
    ["#bbf7d0", "#0d9488", "#f8fafc"],
    ["#fecaca", "#f97316", "#1f2937"],
    ["#e9d5ff", "#a855f7", "#fdf4ff"],
    ["#fef3c7", "#16a34a", "#f0fdf4"],
    ["#cffafe", "#ec4899", "#fff1f2"],
    ["#1f2937", "#facc15", "#111827"],
  ];
  // A tone per member keeps a small cast's avatars apart; without one the seed picks.
  const [back, head, features] = tones[(tone ?? rng.int(0, tones.length - 1)) % tones.length];
  const tilt = rng.between(-18, 18);
  const [dx, dy] = [rng.between(-25, 25), rng.between(-10, 30)];
  const c = size / 2;
  const eye = rng.between(10, 15);
  const smile = rng.chance(0.7)
    ? `<path d="M ${c - 38} ${c + 30} Q ${c} ${c + 72} ${c + 38} ${c + 30}" stroke="${features}" stroke-width="10" fill="none" stroke-linecap="round"/>`
    : `<ellipse cx="${c}" cy="${c + 44}" rx="22" ry="16" fill="${features}"/>`;
  return svg(
    size,
    size,
    "",
    rect(size, size, back) +
      `<g transform="translate(${round(dx)} ${round(dy)}) rotate(${round(tilt)} ${c} ${c})">` +
      `<rect x="${c - 105}" y="${c - 105}" width="210" height="230" rx="${round(rng.between(60, 105))}" fill="${head}"/>` +
      `<circle cx="${c - 40}" cy="${c - 12}" r="${round(eye)}" fill="${features}"/><circle cx="${c + 40}" cy="${c - 12}" r="${round(eye)}" fill="${features}"/>` +
      `${smile}</g>`,
  );
}
