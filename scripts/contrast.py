#!/usr/bin/env python3
"""Prints the WCAG 2 contrast ratios of every theme in Sources/BloqPlay/App/Design/Palette.swift:
the pairs DesignTokenTests checks (text 4.5:1 on every ground, 7:1 in high contrast; controls, focus and stars 3:1),
each theme's lowest, and the block colours' lightness (L*), for docs/design.md.

Usage: scripts/contrast.py [--all]   (--all: every pair, not only each theme's lowest per kind)
"""
import re
import sys

SOURCE = 'Sources/BloqPlay/App/Design/Palette.swift'


def parse():
    text = open(SOURCE).read()
    themes = {}
    for name, body in re.findall(r'public static let (\w+) = Palette\((.*?)\)\n', text, re.S):
        values = {}
        for key, value in re.findall(r'(\w+): (RGBA\(0x[0-9A-Fa-f]{6}(?:, alpha: \d+)?\)|0x[0-9A-Fa-f]{6}|true|false)', body):
            m = re.match(r'(?:RGBA\()?0x([0-9A-Fa-f]{6})(?:, alpha: (\d+))?', value)
            if m:
                values[key] = (int(m.group(1), 16), int(m.group(2) or 255))
        themes[name] = values
    blocks = dict(re.findall(r'case \.(\w+): RGBA\(0x([0-9A-Fa-f]{6})\)', text.split('func block(')[1].split('}')[0]))
    return themes, {k: int(v, 16) for k, v in blocks.items()}


def channels(hex_):
    return [(hex_ >> 16) & 255, (hex_ >> 8) & 255, hex_ & 255]


def over(color, ground):
    (c, a), g = color, channels(ground)
    return int(''.join('%02x' % round(gc + (cc - gc) * a / 255) for cc, gc in zip(channels(c), g)), 16)


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_):
    r, g, b = (linear(c) for c in channels(hex_))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(x, y):
    a, b = sorted([luminance(x), luminance(y)])
    return (b + 0.05) / (a + 0.05)


def lightness(hex_):
    y = luminance(hex_)
    f = y ** (1 / 3) if y > 0.008856 else 7.787 * y + 16 / 116
    return 116 * f - 16


def checks(p, high):
    grounds = [('background top', p['backgroundTop'][0]), ('background bottom', p['backgroundBottom'][0]),
               ('backdrop over the top', over(p['backdrop'], p['backgroundTop'][0])),
               ('backdrop over the bottom', over(p['backdrop'], p['backgroundBottom'][0])), ('surface', p['surface'][0])]
    result = []
    text = 7 if high else 4.5

    def check(kind, name, color, on, needs):
        for gname, g in on:
            result.append((kind, f'{name} on {gname}', ratio(over(color, g), g), needs))
    for name, key in [('text', 'text'), ('secondary text', 'secondaryText'), ('accent text', 'accent'), ('danger text', 'danger')]:
        check('text', name, p[key], grounds, text)
    check('text', 'text', p['text'], [('control', p['control'][0]), ('selected', p['selected'][0]), ('banner', p['banner'][0])], text)
    check('text', 'secondary text', p['secondaryText'], [('control', p['control'][0])], text)
    check('text', 'danger text', p['danger'], [('banner', p['banner'][0])], text)
    check('text', 'primary label', p['onPrimary'], [('primary', p['primary'][0])], text)
    for name, key in [('control edge', 'controlEdge'), ('primary', 'primary'), ('focus ring', 'focus'), ('star', 'star'),
                      ('hollow star', 'starHollow')]:
        check('control', name, p[key], grounds, 3)
    return result


def main():
    themes, blocks = parse()
    every = '--all' in sys.argv
    for name in ['dark', 'light', 'darkHighContrast', 'lightHighContrast']:
        rows = checks(themes[name], 'HighContrast' in name)
        print(f'{name}: {len(rows)} pairs')
        for kind in ['text', 'control']:
            kind_rows = sorted((r for r in rows if r[0] == kind), key=lambda r: r[2])
            for row in (kind_rows if every else kind_rows[:1]):
                print(f'  {kind:8} {row[1]:45} {row[2]:5.2f}:1 (needs {row[3]}:1){"  FAILS" if row[2] < row[3] else ""}')
    print('blocks (L*, greyscale):', ', '.join(f'{k} {lightness(v):.0f}' for k, v in sorted(blocks.items(), key=lambda kv: lightness(kv[1]))))


main()
