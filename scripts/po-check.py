#!/usr/bin/env python3
"""make po-check: the catalogs are whole, sound and in step with the sources.

- po/bloq.pot holds exactly the texts of the sources (scripts/po-extract.py): else run make pot;
- po/LINGUAS, the po/LL.po files and Language.available (Sources/BloqGame/Player/Language.swift)
  name the same languages;
- each po/LL.po holds the template's texts (make pot merges them in), compiles with
  msgfmt --check --statistics, has no fuzzy entry and is at least 95 % translated;
- each translation keeps its text's placeholders (%1, %2: a plural form may leave the count
  out), and a desktop entry's list (Keywords) still ends with ";";
- each po/compendium/LL.po (translations make pot fills new texts from) is of a language of
  po/LINGUAS, compiles, and keeps the placeholders too;
- each catalog (and its compendium) keeps to its glossary, po/glossary/LL.txt: where the
  English text uses one of the game's terms, the translation uses one of the glossary's words
  for it, and no translation uses a word the glossary forbids (a translator comment
  "# glossary: TERM why" excuses one entry from one term);
- texts that do different things side by side (Back and Previous) are translated apart;
- French puts a no-break space (U+00A0, or U+202F) before : ; ? ! and », after «.
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MINIMUM = 95.0


def unescape(text):
    out, i = [], 0
    table = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in table:
            out.append(table[text[i + 1]])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def parse_po(path):
    """The entries of a PO file (obsolete #~ ones left out): dicts of msgid, msgid_plural,
    msgstr (a list: one string, or one a plural form), fuzzy and line."""
    entries = []
    current = None
    field = None
    flags = []
    excused = set()

    def finish():
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("#~") or not line.strip():
                if not line.strip():
                    finish()
                    field = None
                continue
            if line.startswith("#,"):
                finish()
                flags = [flag.strip() for flag in line[2:].split(",")]
                continue
            if line.startswith("#"):
                if current is not None and field is not None:
                    finish()
                excuse = re.match(r"^#\s+glossary:\s*(\w+)", line)
                if excuse:
                    excused.add(excuse.group(1))
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"$', line)
            if match:
                keyword, index, value = match.group(1), match.group(2), match.group(3)
                if keyword in ("msgid", "msgctxt") and current is not None and field not in ("msgctxt",):
                    finish()
                if current is None:
                    current = {
                        "msgid": "", "msgid_plural": None, "msgstr": [], "fuzzy": "fuzzy" in flags, "line": number,
                        "excused": excused,
                    }
                    flags = []
                    excused = set()
                if keyword.startswith("msgstr"):
                    position = int(index) if index is not None else 0
                    while len(current["msgstr"]) <= position:
                        current["msgstr"].append("")
                    field = ("msgstr", position)
                    current["msgstr"][position] = unescape(value)
                else:
                    field = keyword
                    current[keyword] = unescape(value)
                continue
            if line.startswith('"') and current is not None and field is not None:
                value = unescape(line[1:-1])
                if isinstance(field, tuple):
                    current["msgstr"][field[1]] += value
                else:
                    current[field] += value
    finish()
    return entries


def placeholders(text):
    return set(re.findall(r"%(\d+)", text.replace("%%", "")))


def check_entries(name, entries, problems):
    """Each translation keeps its text's placeholders; a desktop list still ends with ';'."""
    for entry in entries:
        where = f"{name}:{entry['line']}"
        wanted = placeholders(entry["msgid"]) | placeholders(entry["msgid_plural"] or "")
        for form in entry["msgstr"]:
            if not form:
                continue
            found = placeholders(form)
            if entry["msgid_plural"] is None and found != wanted or not found <= wanted:
                problems.append(
                    f"{where}: the translation has placeholders {sorted(found)}, the text {sorted(wanted)}: {entry['msgid']!r}"
                )
            if entry["msgid"].endswith(";") and not form.endswith(";"):
                problems.append(f"{where}: a desktop entry's list must end with ';' as the text does: {form!r}")


# The game's terms as the English texts use them (po/glossary/LL.txt says each language's words).
TERMS = {
    "level": r"\blevels?\b",
    "move": r"\bmoves?\b",
    "par": r"\bpar\b",
    "star": r"\bstars?\b",
    "hint": r"\bhints?\b",
    "undo": r"\bundo\b",
    "redo": r"\bredo\b",
    "restart": r"\brestart\b",
    "pack": r"\bpacks?\b",
    "daily": r"\bdaily\b",
    "editor": r"\beditor\b",
    "board": r"\bboards?\b",
    "block": r"\bblocks?\b",
    "wall": r"\bwall(s|ed)?\b",
    "cell": r"\bcells?\b",
    "clear": r"\bclear(s|ed)?\b",
    "streak": r"\bstreaks?\b",
}

# Texts the same screen shows side by side for different things: never one translation.
DISTINCT = [("Back", "Previous"), ("Undo", "Restart"), ("Next", "Next level")]


def read_glossary(path, problems):
    """{term: (words, forbidden)} from a po/glossary/LL.txt: a line is a term, its words
    (comma-separated) and its forbidden words ("-" for none), in columns of two or more
    spaces or tabs; '#' starts a comment."""
    glossary = {}
    name = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            columns = re.split(r"\t+|\s{2,}", line.strip())
            if len(columns) != 3 or columns[0] not in TERMS:
                problems.append(
                    f"{name}:{number}: expected a term of {sorted(TERMS)}, its words and the words it forbids "
                    "(\"-\" for none) in three columns"
                )
                continue
            words = [w.strip() for w in columns[1].split(",") if w.strip()]
            forbidden = [w.strip() for w in columns[2].split(",") if w.strip() and w.strip() != "-"]
            glossary[columns[0]] = (words, forbidden)
    missing = sorted(set(TERMS) - set(glossary))
    if missing:
        problems.append(f"{name}: no line for {', '.join(missing)}: every term of the game has its words")
    return glossary


def check_glossary(name, entries, glossary, problems):
    """Each translation of a text using a term uses the term's words; none uses a forbidden one."""
    for entry in entries:
        english = entry["msgid"] + " " + (entry["msgid_plural"] or "")
        where = f"{name}:{entry['line']}"
        for form in entry["msgstr"]:
            if not form:
                continue
            for term, (words, forbidden) in glossary.items():
                if term in entry["excused"]:
                    continue
                if re.search(TERMS[term], english, re.IGNORECASE) and not any(word.lower() in form.lower() for word in words):
                    problems.append(
                        f"{where}: {term!r} is in the text but none of the glossary's words for it "
                        f"({', '.join(words)}) in the translation {form!r}; use one, or say why not in a "
                        f"translator comment '# glossary: {term} WHY'"
                    )
                for word in forbidden:
                    if re.search(r"(?<!\w)" + re.escape(word), form):
                        problems.append(f"{where}: {word!r} is not the glossary's word for {term!r} ({', '.join(words)}): {form!r}")


def check_distinct(name, entries, problems):
    by_id = {e["msgid"]: e for e in entries if e["msgstr"] and e["msgstr"][0]}
    for a, b in DISTINCT:
        if a in by_id and b in by_id and by_id[a]["msgstr"][0].strip("‹› ") == by_id[b]["msgstr"][0].strip("‹› "):
            problems.append(
                f"{name}:{by_id[b]['line']}: {a!r} and {b!r} do different things side by side and are both translated "
                f"{by_id[b]['msgstr'][0]!r}: give them different words"
            )


def check_french_spacing(name, entries, problems):
    """A no-break space before : ; ? ! », after «; not where the English has none (0:41,
    a path, %1:%2) nor in a desktop entry's list (Keywords: "a;b;c;")."""
    for entry in entries:
        if entry["msgid"].endswith(";") and " " not in entry["msgid"]:
            continue
        for form in entry["msgstr"]:
            for match in re.finditer(r"(.)([:;?!»])", form):
                before, mark = match.group(1), match.group(2)
                after = form[match.end() : match.end() + 1]
                if before in "\u00a0\u202f" or (mark == ":" and (before.isdigit() or after in "/0123456789%" )):
                    continue
                if mark in "?!" and before in "?!":
                    continue
                problems.append(
                    f"{name}:{entry['line']}: French puts a no-break space (U+00A0) before {mark!r}, "
                    f"not {'a space' if before == ' ' else repr(before)}: {form!r}"
                )
            for match in re.finditer(r"«(.)", form):
                if match.group(1) not in "\u00a0\u202f":
                    problems.append(f"{name}:{entry['line']}: French puts a no-break space (U+00A0) after '«': {form!r}")


def check_language(language, name, entries, problems):
    path = os.path.join(ROOT, "po", "glossary", language + ".txt")
    if not os.path.exists(path):
        problems.append(f"{name}: no glossary po/glossary/{language}.txt (every catalog has one: docs/translating.md)")
    else:
        check_glossary(name, entries, read_glossary(path, problems), problems)
    check_distinct(name, entries, problems)
    if language == "fr":
        check_french_spacing(name, entries, problems)


def main():
    problems = []
    extracted = subprocess.run(
        [sys.executable, os.path.join(ROOT, "scripts", "po-extract.py"), "--msgids"], capture_output=True, text=True
    )
    if extracted.returncode != 0:
        print(extracted.stderr, end="", file=sys.stderr)
        return 1
    sources = set(json.loads(extracted.stdout))
    template = {e["msgid"] for e in parse_po(os.path.join(ROOT, "po", "bloq.pot")) if e["msgid"]}
    if sources != template:
        new, gone = sorted(sources - template), sorted(template - sources)
        problems.append(
            f"po/bloq.pot is not the sources' texts ({len(new)} new, {len(gone)} gone: "
            + "; ".join(repr(m) for m in (new + gone)[:5])
            + "); run make pot"
        )

    with open(os.path.join(ROOT, "po", "LINGUAS"), encoding="utf-8") as f:
        linguas = [word for line in f for word in line.split("#")[0].split()]
    files = sorted(name[:-3] for name in os.listdir(os.path.join(ROOT, "po")) if name.endswith(".po"))
    with open(os.path.join(ROOT, "Sources", "BloqGame", "Player", "Language.swift"), encoding="utf-8") as f:
        available = [code for code in re.findall(r'Language\(code: "([^"]+)"', f.read()) if code != "en"]
    if not (sorted(linguas) == files == sorted(available)):
        problems.append(
            f"po/LINGUAS names {sorted(linguas)}, po/ holds {files}, Language.available has {sorted(available)}: "
            "they must name the same languages (docs/translating.md)"
        )

    report = []
    for language in files:
        path = os.path.join(ROOT, "po", language + ".po")
        name = f"po/{language}.po"
        result = subprocess.run(
            ["msgfmt", "--check", "--statistics", "-o", "/dev/null", path], capture_output=True, text=True
        )
        if result.returncode != 0:
            problems.append(f"{name}: msgfmt --check fails:\n{result.stderr.strip()}")
            continue
        numbers = {
            kind: int(count)
            for count, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", result.stderr)
        }
        translated, fuzzy, untranslated = (numbers.get(k, 0) for k in ("translated", "fuzzy", "untranslated"))
        total = translated + fuzzy + untranslated
        percent = 100.0 * translated / total if total else 0.0
        report.append(f"{name}: {translated} of {total} translated ({percent:.1f} %), {fuzzy} fuzzy")
        if fuzzy:
            problems.append(f"{name}: {fuzzy} fuzzy entries (a text changed: check the translation, then remove '#, fuzzy')")
        if percent < MINIMUM:
            problems.append(f"{name}: {percent:.1f} % translated, under the {MINIMUM:.0f} % a catalog must reach")
        entries = [e for e in parse_po(path) if e["msgid"]]
        held = {e["msgid"] for e in entries}
        if held != template:
            problems.append(
                f"{name}: holds {len(template - held)} fewer and {len(held - template)} other texts than po/bloq.pot; run make pot"
            )
        check_entries(name, entries, problems)
        check_language(language, name, entries, problems)

    # The compendiums (po/compendium/LL.po, which make pot fills new texts from): each of a
    # language of po/LINGUAS, compiling, its translations keeping their placeholders.
    compendium = os.path.join(ROOT, "po", "compendium")
    for file in sorted(os.listdir(compendium)) if os.path.isdir(compendium) else []:
        name = f"po/compendium/{file}"
        if not file.endswith(".po") or file[:-3] not in files:
            problems.append(f"{name}: not a po/compendium/LL.po of a language in po/LINGUAS")
            continue
        result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", os.path.join(compendium, file)], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{name}: msgfmt --check fails:\n{result.stderr.strip()}")
            continue
        held = [e for e in parse_po(os.path.join(compendium, file)) if e["msgid"]]
        check_entries(name, held, problems)
        check_language(file[:-3], name, held, problems)

    for line in report:
        print(line)
    if problems:
        for problem in problems:
            print(f"po-check: {problem}", file=sys.stderr)
        return 1
    print(f"po-check: {len(files)} catalogs, {len(template)} texts: whole, sound and in step with the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
