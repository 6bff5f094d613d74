#!/usr/bin/env bash
# Regenerates every raster image and video in public/ from scratch.
#
# All artwork is original: each picture is drawn here as hand-written SVG (some
# elements placed by a seeded awk loop), rasterised with rsvg-convert, lightly
# textured with ImageMagick and encoded as WebP (cwebp) and AVIF (ImageMagick).
# The looping videos are computed pixel by pixel with ffmpeg's geq filter and
# loop seamlessly (every moving term has a whole number of periods in 5 s).
#
# The hand-drawn vector files (logo, favicon, partner logos, icons) live in
# public/ directly and are not generated here.
#
# Needs: rsvg-convert (librsvg2-bin), ImageMagick 6+ with WebP/HEIF delegates,
# cwebp (webp), ffmpeg with libvpx-vp9 and libx264, awk.
#   apt-get install -y librsvg2-bin imagemagick webp ffmpeg
#
# Usage: scripts/generate-media.sh            (everything)
#        scripts/generate-media.sh images     (images only)
#        scripts/generate-media.sh video      (videos only)
#        scripts/generate-media.sh flyer      (the event flyer only, after its text changed)
#
# Text drawn into pictures (the flyer and the Open Graph image) comes from the
# variables below; change them when the real names are known and re-run.
set -euo pipefail

cd "$(dirname "$0")/.."

ORG_NAME="${ORG_NAME:-Commons Learning Design}"                  # PLACEHOLDER: organisation name
VENUE_LINE="${VENUE_LINE:-A public library · Renton, WA}"         # PLACEHOLDER: event venue

WHAT="${1:-all}"
IMG=public/images
VID=public/video
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$IMG" "$VID"

IM=convert
if [ -x /usr/bin/convert ]; then IM=/usr/bin/convert; fi

TOOLS="rsvg-convert cwebp awk"
# Only the videos need ffmpeg.
if [ "$WHAT" = all ] || [ "$WHAT" = video ]; then TOOLS="$TOOLS ffmpeg"; fi
for tool in $TOOLS; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done

# encode NAME QUALITY [AVIF_QUALITY]: $TMP/NAME.png -> public/images/NAME.webp (+ .avif)
encode() {
  local name="$1" q="$2" aq="${3:-}"
  cwebp -quiet -q "$q" -m 6 -af -sharp_yuv "$TMP/$name.png" -o "$IMG/$name.webp"
  if [ -n "$aq" ]; then
    "$IM" "$TMP/$name.png" -quality "$aq" "$IMG/$name.avif"
  fi
}

# render NAME [IM options...]: $TMP/NAME.svg -> $TMP/NAME.png, then optional ImageMagick pass
render() {
  local name="$1"; shift
  rsvg-convert "$TMP/$name.svg" -o "$TMP/$name.raw.png"
  if [ "$#" -gt 0 ]; then
    "$IM" "$TMP/$name.raw.png" "$@" "$TMP/$name.png"
  else
    mv "$TMP/$name.raw.png" "$TMP/$name.png"
  fi
}

# ---------------------------------------------------------------------------
# Cedar River: a stylised river landscape at first light (1280x720)
# ---------------------------------------------------------------------------
cedar_river() {
  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7fa9c4"/><stop offset="0.45" stop-color="#d9dccf"/>
    <stop offset="0.62" stop-color="#f6d6ae"/><stop offset="1" stop-color="#f2b98a"/>
  </linearGradient>
  <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#fff7e0"/><stop offset="0.25" stop-color="#ffe9b8" stop-opacity="0.9"/>
    <stop offset="1" stop-color="#ffe0a6" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="land" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#5f8064"/><stop offset="1" stop-color="#2c4536"/>
  </linearGradient>
  <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f3e3c8"/><stop offset="0.25" stop-color="#9cc8cf"/>
    <stop offset="1" stop-color="#2b6576"/>
  </linearGradient>
  <linearGradient id="mist" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff8ec" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </linearGradient>
</defs>
<rect width="1280" height="720" fill="url(#sky)"/>
<circle cx="790" cy="360" r="210" fill="url(#sun)"/>
<path d="M0 392 L70 360 L150 380 L250 300 L330 345 L420 318 L505 362 L600 336 L690 372 L790 322 L880 350 L985 286 L1080 338 L1175 312 L1280 346 L1280 470 L0 470 Z" fill="#a9b9c6"/>
<path d="M0 430 L110 398 L215 424 L320 388 L440 428 L560 404 L650 430 L760 400 L880 426 L1000 392 L1120 420 L1280 398 L1280 480 L0 480 Z" fill="#8da2ae"/>
<rect y="410" width="1280" height="80" fill="url(#mist)"/>
<rect y="456" width="1280" height="264" fill="url(#land)"/>
SVG
    awk 'BEGIN {
      srand(11)
      # tree X BASE HEIGHT COLOUR
      # far treeline
      x = -10
      while (x < 1290) { h = 20 + rand() * 22; tree(x, 460, h, "#4a675f"); x += 7 + rand() * 10 }
      # the river: centre c(y) and half-width w(y)
      n = 0
      for (y = 458; y <= 722; y += 4) {
        t = (y - 458) / 262
        c = 668 + 70 * sin(t * 3.4) - 60 * t
        w = 6 + 420 * t ^ 1.7
        ly[n] = y; lx[n] = c - w; rx[n] = c + w; cy_[n] = c; wy[n] = w; n++
      }
      printf "<path fill=\"url(#water)\" d=\"M%.1f %.1f", lx[0], ly[0]
      for (i = 1; i < n; i++) printf " L%.1f %.1f", lx[i], ly[i]
      for (i = n - 1; i >= 0; i--) printf " L%.1f %.1f", rx[i], ly[i]
      printf " Z\"/>\n"
      # glints on the water
      for (k = 0; k < 90; k++) {
        i = int(rand() * (n - 2)) + 1
        t = (ly[i] - 458) / 262
        x0 = cy_[i] + (rand() * 1.4 - 0.7) * wy[i]
        len = 6 + wy[i] * (0.05 + rand() * 0.12)
        printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#fff6e4\" stroke-opacity=\"%.2f\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n", x0, ly[i], x0 + len, ly[i], 0.25 + rand() * 0.4, 1 + 3 * t
      }
      # middle-distance trees along both banks
      for (x = 200; x < 560; x += 12 + rand() * 16) { h = 50 + rand() * 45; tree(x, 505 + rand() * 12, h, "#2f5146") }
      for (x = 790; x < 1090; x += 12 + rand() * 16) { h = 50 + rand() * 45; tree(x, 505 + rand() * 12, h, "#2f5146") }
      # near trees framing the view
      for (x = -20; x < 250; x += 26 + rand() * 30) { h = 170 + rand() * 120; tree(x, 610 + rand() * 40, h, "#1c342d") }
      for (x = 1060; x < 1300; x += 26 + rand() * 30) { h = 170 + rand() * 120; tree(x, 610 + rand() * 40, h, "#1c342d") }
      # river stones near the viewer
      for (k = 0; k < 26; k++) {
        side = (rand() < 0.5) ? -1 : 1
        i = int(n * 0.6 + rand() * n * 0.38)
        x0 = cy_[i] + side * wy[i] * (0.92 + rand() * 0.12)
        printf "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" ry=\"%.1f\" fill=\"%s\"/>\n", x0, ly[i], 6 + rand() * 14, 3 + rand() * 6, (rand() < 0.5) ? "#8c8a80" : "#6f6d66"
      }
    }
    function tree(x, base, h, col,    i, tw, ty) {
      printf "<g fill=\"%s\">", col
      printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>", x - h * 0.025, base - h * 0.1, h * 0.05, h * 0.14
      for (i = 0; i < 4; i++) {
        ty = base - h * 0.08 - h * i * 0.2
        tw = h * 0.46 * (1 - i * 0.2)
        printf "<path d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f Q%.1f %.1f %.1f %.1f Z\"/>", x - tw / 2, ty, x - tw * 0.1, ty - h * 0.2, x, ty - h * 0.36, x + tw * 0.1, ty - h * 0.2, x + tw / 2, ty
      }
      printf "</g>\n"
    }'
    echo '</svg>'
  } >"$TMP/cedar-river.svg"
  render cedar-river -blur 0x0.6 -attenuate 0.25 +noise Gaussian
  encode cedar-river 72 48
}

# ---------------------------------------------------------------------------
# Community mural: bright painted waves, cedar, sun and gathering circles (1280x720)
# ---------------------------------------------------------------------------
community_mural() {
  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<rect width="1280" height="720" fill="#f1e4cc"/>
<rect width="1280" height="330" fill="#f7c66b"/>
<circle cx="990" cy="170" r="150" fill="#f08a4b"/>
<circle cx="990" cy="170" r="112" fill="#f5a455"/>
<circle cx="990" cy="170" r="74" fill="#fbd27a"/>
SVG
    awk 'BEGIN {
      srand(5)
      # sun rays
      for (a = 0; a < 360; a += 20) {
        r = a * 3.14159 / 180
        printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e9743e\" stroke-width=\"14\" stroke-linecap=\"round\"/>\n", 990 + 175 * cos(r), 170 + 175 * sin(r), 990 + 215 * cos(r), 170 + 215 * sin(r)
      }
      # flowing river bands across the wall
      split("#1f6f78 #2f8f95 #58b0b0 #8fd0c8 #3a5f9a #24456f", col, " ")
      for (k = 0; k < 6; k++) {
        base = 300 + k * 70
        amp = 34 - k * 2
        ph = k * 0.9
        printf "<path fill=\"%s\" d=\"M0 720 L0 %.1f", col[k + 1], base + amp * sin(ph)
        for (x = 0; x <= 1280; x += 16) printf " L%d %.1f", x, base + amp * sin(x / 150 + ph) + 10 * sin(x / 47 + k)
        printf " L1280 720 Z\"/>\n"
        # white crest strokes
        printf "<path fill=\"none\" stroke=\"#fdf6e8\" stroke-opacity=\"0.8\" stroke-width=\"5\" stroke-linecap=\"round\" d=\"M0 %.1f", base + amp * sin(ph)
        for (x = 0; x <= 1280; x += 16) printf " L%d %.1f", x, base + amp * sin(x / 150 + ph) + 10 * sin(x / 47 + k)
        printf "\"/>\n"
      }
      # a cedar tree built from stacked chevrons
      for (i = 0; i < 9; i++) {
        y = 80 + i * 40
        w = 40 + i * 22
        printf "<path d=\"M%.1f %.1f L230 %.1f L%.1f %.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"22\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n", 230 - w, y + 46, y, 230 + w, y + 46, (i % 2) ? "#2e6b45" : "#3f8a56"
      }
      printf "<rect x=\"218\" y=\"400\" width=\"24\" height=\"60\" rx=\"8\" fill=\"#6b4428\"/>\n"
      # gathering circles (hands-joined ring)
      split("#d9534f #f0a202 #7b4ea3 #2a9d8f #e76f51 #4d7cc2 #c2185b #8ab17d", c2, " ")
      for (i = 0; i < 12; i++) {
        a = i * 30 * 3.14159 / 180
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"22\" fill=\"%s\"/>\n", 620 + 110 * cos(a), 170 + 110 * sin(a), c2[(i % 8) + 1]
      }
      printf "<circle cx=\"620\" cy=\"170\" r=\"62\" fill=\"none\" stroke=\"#1f6f78\" stroke-width=\"10\"/>\n"
      printf "<path d=\"M620 205 C 570 170, 585 125, 620 148 C 655 125, 670 170, 620 205 Z\" fill=\"#d9534f\"/>\n"
      # confetti-like leaves over the sky
      for (k = 0; k < 40; k++) {
        x = 330 + rand() * 420; y = 20 + rand() * 260
        if ((x - 620) ^ 2 + (y - 170) ^ 2 < 150 ^ 2) continue
        printf "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"12\" ry=\"5\" transform=\"rotate(%d %.1f %.1f)\" fill=\"%s\"/>\n", x, y, rand() * 180, x, y, c2[int(rand() * 8) + 1]
      }
      # pebbles and salmon-coloured dots along the bottom band
      for (k = 0; k < 60; k++) {
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fdf6e8\" fill-opacity=\"%.2f\"/>\n", rand() * 1280, 640 + rand() * 80, 3 + rand() * 7, 0.3 + rand() * 0.5
      }
    }'
    echo '</svg>'
  } >"$TMP/community-mural.svg"
  render community-mural -spread 2 -blur 0x0.9 -attenuate 0.35 +noise Gaussian
  encode community-mural 72 48
}

# ---------------------------------------------------------------------------
# Event flyer (800x1035, portrait): carries its own text
# ---------------------------------------------------------------------------
flyer() {
  {
    cat <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1035" viewBox="0 0 800 1035">
<rect width="800" height="1035" fill="#fbf4e6"/>
<rect x="28" y="28" width="744" height="979" rx="18" fill="none" stroke="#1f6f78" stroke-width="4"/>
<text x="400" y="130" text-anchor="middle" font-family="DejaVu Sans" font-size="26" letter-spacing="6" fill="#1f6f78">A FREE COMMUNITY MURAL GATHERING</text>
<text x="400" y="240" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold" font-size="92" fill="#1d2a44">Currents</text>
<text x="400" y="340" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold" font-size="92" fill="#1d2a44">of Care</text>
<text x="400" y="400" text-anchor="middle" font-family="DejaVu Sans" font-size="26" fill="#3a4a5e">Honoring the Cedar River and Indigenous heritage</text>
<circle cx="400" cy="560" r="110" fill="#f5c04a"/>
SVG
    awk 'BEGIN {
      split("#1f6f78 #2f8f95 #58b0b0 #8fd0c8", col, " ")
      for (k = 0; k < 4; k++) {
        base = 560 + k * 34
        printf "<path fill=\"%s\" d=\"M60 700 L60 %.1f", col[k + 1], base
        for (x = 60; x <= 740; x += 10) printf " L%d %.1f", x, base + 18 * sin(x / 60 + k * 1.3)
        printf " L740 700 Z\"/>\n"
      }
    }'
    cat <<SVG
<rect x="60" y="700" width="680" height="10" fill="#1f6f78"/>
<text x="400" y="790" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1d2a44">Saturdays, October 11 &amp; 25, 2025</text>
<text x="400" y="845" text-anchor="middle" font-family="DejaVu Sans" font-size="34" fill="#1d2a44">12:00-3:00 PM</text>
<text x="400" y="900" text-anchor="middle" font-family="DejaVu Sans" font-size="28" fill="#3a4a5e">${VENUE_LINE}</text>
<text x="400" y="960" text-anchor="middle" font-family="DejaVu Sans" font-size="24" fill="#c2553a">All ages welcome · Free · Paint with us</text>
</svg>
SVG
  } >"$TMP/flyer.svg"
  render flyer
  encode flyer 80 55
}

# ---------------------------------------------------------------------------
# Two participant artworks (800x800 each)
# ---------------------------------------------------------------------------
artworks() {
  # Artwork 1, "River Memory": ripples and drifting leaves on warm ochre
  {
    echo '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">'
    echo '<rect width="800" height="800" fill="#d9a441"/>'
    awk 'BEGIN {
      srand(21)
      split("#1d4e63 #2f7f8f #6fb3b8 #f3e6c4 #1d4e63 #2f7f8f", col, " ")
      for (r = 560; r > 20; r -= 34) {
        printf "<circle cx=\"330\" cy=\"450\" r=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"14\"/>\n", r, col[(int(r / 34) % 6) + 1]
      }
      for (r = 260; r > 20; r -= 30) {
        printf "<circle cx=\"610\" cy=\"190\" r=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"10\" stroke-opacity=\"0.85\"/>\n", r, col[(int(r / 30) % 6) + 1]
      }
      split("#b5462f #e07a3f #7a9a4b #c9553a", lc, " ")
      for (k = 0; k < 18; k++) {
        x = 40 + rand() * 720; y = 40 + rand() * 720; a = rand() * 180
        printf "<g transform=\"translate(%.1f %.1f) rotate(%d)\"><path d=\"M-34 0 Q0 -20 34 0 Q0 20 -34 0 Z\" fill=\"%s\"/><line x1=\"-30\" y1=\"0\" x2=\"30\" y2=\"0\" stroke=\"#f3e6c4\" stroke-width=\"2\"/></g>\n", x, y, a, lc[int(rand() * 4) + 1]
      }
    }'
    echo '</svg>'
  } >"$TMP/artwork-river-memory.svg"
  render artwork-river-memory -spread 2 -blur 0x1 -attenuate 0.3 +noise Gaussian
  encode artwork-river-memory 74 50

  # Artwork 2, "Cedar Song": cut-paper cedar, sun and river stripes
  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#23395b"/>
<circle cx="400" cy="330" r="230" fill="#e9724c"/>
<circle cx="400" cy="330" r="170" fill="#f4a259"/>
SVG
    awk 'BEGIN {
      for (i = 0; i < 8; i++) {
        y = 120 + i * 52; w = 50 + i * 30
        printf "<path d=\"M%d %d L400 %d L%d %d Z\" fill=\"%s\"/>\n", 400 - w, y + 90, y, 400 + w, y + 90, (i % 2) ? "#2d6a4f" : "#40916c"
      }
      printf "<rect x=\"384\" y=\"520\" width=\"32\" height=\"60\" fill=\"#6b4226\"/>\n"
      split("#8ecae6 #219ebc #126782 #8ecae6 #219ebc", col, " ")
      for (k = 0; k < 5; k++) {
        base = 580 + k * 44
        printf "<path fill=\"%s\" d=\"M0 800 L0 %.1f", col[k + 1], base
        for (x = 0; x <= 800; x += 10) printf " L%d %.1f", x, base + 14 * sin(x / 55 + k * 2)
        printf " L800 800 Z\"/>\n"
      }
      srand(3)
      for (k = 0; k < 30; k++) printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#f8edeb\" fill-opacity=\"0.8\"/>\n", rand() * 800, rand() * 90 + 10, 2 + rand() * 3
    }'
    echo '</svg>'
  } >"$TMP/artwork-cedar-song.svg"
  render artwork-cedar-song -spread 1 -blur 0x0.7 -attenuate 0.3 +noise Gaussian
  encode artwork-cedar-song 74 50
}

# ---------------------------------------------------------------------------
# Home featured image: a co-design workshop around a table (1440x810)
# ---------------------------------------------------------------------------
home_featured() {
  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="810" viewBox="0 0 1440 810">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f6efe2"/><stop offset="1" stop-color="#eadcc4"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#fff3c4" stop-opacity="0.9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="1440" height="810" fill="url(#wall)"/>
<rect x="120" y="90" width="1200" height="300" rx="16" fill="#fdfaf3" stroke="#d8c8ab" stroke-width="4"/>
<rect y="560" width="1440" height="250" fill="#c9a77c"/>
SVG
    awk 'BEGIN {
      srand(8)
      split("#f5c04a #f0785a #8fb996 #7fb7d8 #c39bd3 #f7a6b4", note, " ")
      # sticky notes on the wall board, grouped in clusters
      for (g = 0; g < 5; g++) {
        gx = 170 + g * 230
        for (k = 0; k < 7; k++) {
          x = gx + (k % 3) * 58 + rand() * 8; y = 120 + int(k / 3) * 78 + rand() * 8
          printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"50\" height=\"50\" fill=\"%s\" transform=\"rotate(%.1f %.1f %.1f)\"/>\n", x, y, note[g + 1], rand() * 8 - 4, x + 25, y + 25
          printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#5a4a3a\" stroke-opacity=\"0.35\" stroke-width=\"3\"/>\n", x + 8, y + 18, x + 40, y + 18
        }
      }
      printf "<ellipse cx=\"720\" cy=\"600\" rx=\"560\" ry=\"150\" fill=\"url(#glow)\"/>\n"
      # people: head + shoulders, in a semicircle behind the table
      split("#1d2a44 #1f6f78 #c2553a #6d597a #355070 #b56576 #3d5a40", shirt, " ")
      split("#8d5524 #c68642 #e0ac69 #f1c27d #ffdbac #5c3a21 #a0714f", skin, " ")
      for (i = 0; i < 7; i++) {
        x = 220 + i * 167; y = 470 - 40 * sin(i / 6 * 3.14159)
        printf "<path d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f L%.1f %.1f Q%.1f %.1f %.1f %.1f Z\" fill=\"%s\"/>\n", x - 70, 600, x - 70, y + 30, x, y + 30, x, y + 30, x + 70, y + 30, x + 70, 600, shirt[i + 1]
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"42\" fill=\"%s\"/>\n", x, y - 22, skin[i + 1]
        printf "<path d=\"M%.1f %.1f A44 44 0 0 1 %.1f %.1f Q%.1f %.1f %.1f %.1f Z\" fill=\"%s\"/>\n", x - 44, y - 22, x + 44, y - 22, x, y - 50, x - 44, y - 22, (i % 3 == 0) ? "#2b1d14" : ((i % 3 == 1) ? "#4a3020" : "#1a1a1a")
      }
    }'
    cat <<'SVG'
<path d="M140 600 L1300 600 L1380 810 L60 810 Z" fill="#e6d3b3"/>
<path d="M140 600 L1300 600 L1306 612 L134 612 Z" fill="#cdb590"/>
<rect x="300" y="640" width="150" height="100" rx="6" fill="#fdfaf3" transform="rotate(-6 375 690)"/>
<rect x="560" y="650" width="200" height="120" rx="8" fill="#1d2a44"/>
<rect x="572" y="662" width="176" height="96" rx="4" fill="#7fb7d8"/>
<path d="M820 700 q40 -30 90 -10 q-30 40 -90 10z" fill="#f0785a"/>
<rect x="960" y="650" width="170" height="110" rx="6" fill="#fdfaf3" transform="rotate(5 1045 705)"/>
<circle cx="1180" cy="690" r="18" fill="#f5c04a"/>
</svg>
SVG
  } >"$TMP/home-featured.svg"
  render home-featured -attenuate 0.2 +noise Gaussian
  encode home-featured 72 48
}

# ---------------------------------------------------------------------------
# Project images (960x640): library summer GPT, seven-library framework
# ---------------------------------------------------------------------------
projects() {
  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fde7a9"/><stop offset="1" stop-color="#f7b267"/>
  </linearGradient>
</defs>
<rect width="960" height="640" fill="url(#bg)"/>
<circle cx="150" cy="130" r="70" fill="#fff3c4"/>
<g fill="#fff3c4" stroke="#fff3c4" stroke-width="10" stroke-linecap="round">
  <line x1="150" y1="30" x2="150" y2="45"/><line x1="150" y1="215" x2="150" y2="230"/>
  <line x1="50" y1="130" x2="65" y2="130"/><line x1="235" y1="130" x2="250" y2="130"/>
  <line x1="80" y1="60" x2="90" y2="70"/><line x1="210" y1="190" x2="220" y2="200"/>
  <line x1="220" y1="60" x2="210" y2="70"/><line x1="90" y1="190" x2="80" y2="200"/>
</g>
<rect x="60" y="520" width="360" height="18" fill="#7a4f2a"/>
<rect x="80" y="380" width="44" height="140" fill="#1f6f78"/>
<rect x="128" y="400" width="36" height="120" fill="#c2553a"/>
<rect x="168" y="360" width="50" height="160" fill="#355070"/>
<rect x="222" y="410" width="34" height="110" fill="#8fb996"/>
<rect x="262" y="392" width="40" height="128" fill="#6d597a"/>
<rect x="314" y="450" width="90" height="30" fill="#f0785a" transform="rotate(-8 359 465)"/>
<rect x="320" y="486" width="96" height="34" fill="#1d2a44"/>
<rect x="480" y="80" width="420" height="480" rx="36" fill="#ffffff" stroke="#1d2a44" stroke-width="6"/>
<rect x="480" y="80" width="420" height="70" rx="36" fill="#1f6f78"/>
<rect x="480" y="120" width="420" height="30" fill="#1f6f78"/>
<circle cx="530" cy="115" r="16" fill="#f5c04a"/>
<rect x="560" y="105" width="160" height="18" rx="9" fill="#dff1f1"/>
<rect x="510" y="180" width="260" height="80" rx="22" fill="#e8eef5"/>
<rect x="530" y="202" width="200" height="12" rx="6" fill="#9aa9ba"/>
<rect x="530" y="226" width="140" height="12" rx="6" fill="#9aa9ba"/>
<rect x="610" y="290" width="260" height="104" rx="22" fill="#1f6f78"/>
<rect x="632" y="314" width="210" height="12" rx="6" fill="#cfeaea"/>
<rect x="632" y="338" width="190" height="12" rx="6" fill="#cfeaea"/>
<rect x="632" y="362" width="120" height="12" rx="6" fill="#cfeaea"/>
<rect x="510" y="420" width="220" height="64" rx="22" fill="#e8eef5"/>
<rect x="530" y="444" width="170" height="12" rx="6" fill="#9aa9ba"/>
<rect x="510" y="500" width="300" height="36" rx="18" fill="#f3f5f8" stroke="#c9d2dc" stroke-width="3"/>
<circle cx="845" cy="518" r="20" fill="#f0785a"/>
<path d="M838 508 L856 518 L838 528 Z" fill="#ffffff"/>
</svg>
SVG
  } >"$TMP/project-summer-gpt.svg"
  render project-summer-gpt -attenuate 0.15 +noise Gaussian
  encode project-summer-gpt 76 50

  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
<defs>
  <radialGradient id="bg" cx="0.5" cy="0.5" r="0.7">
    <stop offset="0" stop-color="#eaf4f1"/><stop offset="1" stop-color="#b9d8d2"/>
  </radialGradient>
</defs>
<rect width="960" height="640" fill="url(#bg)"/>
<circle cx="480" cy="320" r="240" fill="none" stroke="#1f6f78" stroke-width="4" stroke-dasharray="14 12" stroke-opacity="0.6"/>
SVG
    awk 'BEGIN {
      split("#1f6f78 #c2553a #355070 #6d597a #2d6a4f #b56576 #3a5f9a", col, " ")
      for (i = 0; i < 7; i++) {
        a = (-90 + i * 360 / 7) * 3.14159 / 180
        x = 480 + 240 * cos(a); y = 320 + 240 * sin(a)
        printf "<line x1=\"480\" y1=\"320\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1d2a44\" stroke-opacity=\"0.25\" stroke-width=\"6\"/>\n", x, y
        printf "<g transform=\"translate(%.1f %.1f)\">", x, y
        printf "<circle r=\"58\" fill=\"#ffffff\"/>"
        printf "<path d=\"M-36 -8 L0 -34 L36 -8 Z\" fill=\"%s\"/>", col[i + 1]
        printf "<rect x=\"-32\" y=\"-6\" width=\"64\" height=\"6\" fill=\"%s\"/>", col[i + 1]
        printf "<rect x=\"-26\" y=\"2\" width=\"8\" height=\"26\" fill=\"%s\"/><rect x=\"-4\" y=\"2\" width=\"8\" height=\"26\" fill=\"%s\"/><rect x=\"18\" y=\"2\" width=\"8\" height=\"26\" fill=\"%s\"/>", col[i + 1], col[i + 1], col[i + 1]
        printf "<rect x=\"-36\" y=\"30\" width=\"72\" height=\"7\" fill=\"%s\"/>", col[i + 1]
        printf "</g>\n"
      }
    }'
    cat <<'SVG'
<circle cx="480" cy="320" r="92" fill="#ffffff"/>
<circle cx="480" cy="320" r="80" fill="#f0785a"/>
<path d="M480 362 C 420 320, 432 268, 480 292 C 528 268, 540 320, 480 362 Z" fill="#ffffff"/>
</svg>
SVG
  } >"$TMP/project-care-framework.svg"
  render project-care-framework -attenuate 0.15 +noise Gaussian
  encode project-care-framework 76 50
}

# ---------------------------------------------------------------------------
# Decorative banners: mobile masthead (1200x400) and desktop hero (1600x900)
# ---------------------------------------------------------------------------
banners() {
  {
    echo '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">'
    echo '<rect width="1200" height="400" fill="#1d2a44"/>'
    echo '<circle cx="930" cy="120" r="80" fill="#f5c04a"/>'
    awk 'BEGIN {
      split("#1f6f78 #2f8f95 #58b0b0 #8fd0c8 #f0785a", col, " ")
      for (k = 0; k < 5; k++) {
        base = 180 + k * 48
        printf "<path fill=\"%s\" d=\"M0 400 L0 %.1f", col[k + 1], base
        for (x = 0; x <= 1200; x += 12) printf " L%d %.1f", x, base + 26 * sin(x / 130 + k * 1.1)
        printf " L1200 400 Z\"/>\n"
      }
    }'
    echo '</svg>'
  } >"$TMP/masthead.svg"
  render masthead -attenuate 0.15 +noise Gaussian
  encode masthead 74 50

  {
    cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<rect width="1600" height="900" fill="#1d2a44"/>
<circle cx="300" cy="220" r="320" fill="#1f6f78"/>
<circle cx="1250" cy="180" r="280" fill="#6d597a"/>
<circle cx="1100" cy="760" r="360" fill="#f0785a"/>
<circle cx="420" cy="820" r="300" fill="#2f8f95"/>
<circle cx="800" cy="430" r="220" fill="#f5c04a" fill-opacity="0.75"/>
</svg>
SVG
  } >"$TMP/hero-backdrop.svg"
  render hero-backdrop -blur 0x90 -fill '#1d2a44' -colorize 35% -attenuate 0.25 +noise Gaussian
  encode hero-backdrop 70 45
}

# ---------------------------------------------------------------------------
# Open Graph image (1200x630, PNG for the widest support)
# ---------------------------------------------------------------------------
og_image() {
  {
    cat <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#1d2a44"/>
<circle cx="1040" cy="120" r="90" fill="#f5c04a"/>
SVG
    awk 'BEGIN {
      split("#1f6f78 #2f8f95 #58b0b0 #f0785a", col, " ")
      for (k = 0; k < 4; k++) {
        base = 470 + k * 42
        printf "<path fill=\"%s\" d=\"M0 630 L0 %.1f", col[k + 1], base
        for (x = 0; x <= 1200; x += 12) printf " L%d %.1f", x, base + 20 * sin(x / 120 + k * 1.2)
        printf " L1200 630 Z\"/>\n"
      }
    }'
    cat <<SVG
<rect x="90" y="110" width="96" height="96" rx="24" fill="#1f6f78"/>
<path d="M110 150 q19 -14 38 0 t38 0" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
<path d="M110 176 q19 -14 38 0 t38 0" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
<circle cx="166" cy="128" r="9" fill="#f0785a"/>
<text x="210" y="178" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#fbf6ee">${ORG_NAME}</text>
<text x="90" y="300" font-family="DejaVu Serif" font-weight="bold" font-size="72" fill="#ffffff">Creative Design</text>
<text x="90" y="385" font-family="DejaVu Serif" font-weight="bold" font-size="72" fill="#ffffff">for Social Impact</text>
<text x="90" y="440" font-family="DejaVu Sans" font-size="32" fill="#cfe6e4">Leaders in Design and Technology</text>
</svg>
SVG
  } >"$TMP/og-image.svg"
  rsvg-convert "$TMP/og-image.svg" -o "$TMP/og.png"
  "$IM" "$TMP/og.png" -strip +dither -colors 128 -define png:compression-level=9 public/og-image.png
}

# ---------------------------------------------------------------------------
# Looping videos (640x360, 24 fps, 5 s, no audio) and their posters
# ---------------------------------------------------------------------------
# video NAME 'R expr' 'G expr' 'B expr'
video() {
  local name="$1" r="$2" g="$3" b="$4"
  local src="color=c=black:s=640x360:r=24:d=5,format=gbrp,geq=r='$r':g='$g':b='$b',format=yuv420p"
  ffmpeg -v error -y -f lavfi -i "$src" -c:v libvpx-vp9 -b:v 0 -crf 36 -row-mt 1 -deadline good -cpu-used 2 \
    -g 120 -pix_fmt yuv420p -an "$VID/$name.webm"
  ffmpeg -v error -y -f lavfi -i "$src" -c:v libx264 -preset slow -crf 26 -profile:v high -pix_fmt yuv420p \
    -g 120 -movflags +faststart -an "$VID/$name.mp4"
  ffmpeg -v error -y -i "$VID/$name.mp4" -frames:v 1 "$TMP/$name-poster.png"
  cwebp -quiet -q 72 "$TMP/$name-poster.png" -o "$VID/$name-poster.webp"
}

videos() {
  # Calm layered waves in teal and indigo (virtual reality for teen mental health)
  local w='(sin(2*PI*(X/W*1.5-T/5))*0.5+sin(2*PI*(X/W*0.75+T/5*2)+Y/45)*0.5)'
  video calm-waves \
    "40+25*$w+30*Y/H" \
    "95+55*$w+40*Y/H" \
    "150+60*$w-30*Y/H"

  # Slow ripples spreading from the centre, cream into teal (about: how we work)
  local a='(0.2+0.55*(0.5+0.5*sin(hypot(X-W/2,(Y-H/2)*1.2)/24-2*PI*T/5*2)))'
  video ripples \
    "251-220*$a-10*Y/H" \
    "246-135*$a-10*Y/H" \
    "238-118*$a"

  # Drifting diagonal bands, navy into teal with warm coral crossings (services)
  local s='sin(2*PI*((X+Y)/W*1.2-T/5))'
  local c='sin(2*PI*((X-Y)/W*0.9+T/5))'
  local u="(0.5+0.25*($s+$c))"
  local k="pow(max(0,$s*$c),2)"
  video learning-bands \
    "29+2*$u+190*$k" \
    "42+69*$u+70*$k" \
    "68+52*$u+10*$k"
}

if [ "$WHAT" = all ] || [ "$WHAT" = images ]; then
  cedar_river
  community_mural
  flyer
  artworks
  home_featured
  projects
  banners
  og_image
fi
if [ "$WHAT" = all ] || [ "$WHAT" = video ]; then
  videos
fi
if [ "$WHAT" = flyer ]; then
  flyer
fi

du -ab public | sort -k2
echo "total: $(du -sb public | cut -f1) bytes"
