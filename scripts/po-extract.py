#!/usr/bin/env python3
"""Writes the message template po/bloq.pot (make pot): every text of the game a player reads.

xgettext cannot read Swift, so this reads it: the calls `tr("…")`, `tr("…", "…", count: …)`
and `trLater("…")` (Sources/BloqLocalization/Localized.swift) in Sources/, their first argument (and, for a plural,
their second) a string literal, or literals joined with `+`, or a multi-line literal;
comments are skipped. A comment starting `TRANSLATORS:` goes to the translators with the calls
on the four lines below it. A call whose text is not a literal (`tr(tip)`) is left out: its
texts come from elsewhere, as the levels' tips below. A literal with an interpolation
`\\(…)` is an error: the text looked up must be the text extracted (use %1, %2).

Then the `tip:` and `title:` lines of every level file under levels/ (the play screen
shows `tr(level.tip)`, and the shipped levels' titles translated), then, from xgettext, the desktop entry's and the AppStream metainfo's
texts (msgfmt --desktop and --xml put the translations back into them at install).

Usage: scripts/po-extract.py [-o OUT.pot]  (default po/bloq.pot; "-" for standard output)
       scripts/po-extract.py --msgids      (one JSON list of the msgids, for make po-check)
       scripts/po-extract.py --scan FILE.swift...  (the calls found in those files, as JSON
                                                   lines: the extractor's tests)
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP_ID = "io.github.bloqlinux.bloq"
EXTRA = [f"Assets/{APP_ID}.desktop", f"Assets/{APP_ID}.metainfo.xml"]


class ExtractError(Exception):
    pass


class Entry:
    def __init__(self, msgid, plural=None):
        self.msgid = msgid
        self.plural = plural
        self.references = []
        self.comments = []


def identifier_char(c):
    return c.isalnum() or c == "_"


class SwiftScanner:
    """Finds the tr(…) calls of one Swift file, skipping comments and other strings."""

    def __init__(self, path, text):
        self.path = path
        self.text = text
        self.i = 0
        self.calls = []  # (line, msgid, plural or None, translators' comment or None)
        self.comment = None  # (last line of a TRANSLATORS: comment, its text)

    def line(self, index=None):
        return self.text.count("\n", 0, self.i if index is None else index) + 1

    def fail(self, message, index=None):
        raise ExtractError(f"{self.path}:{self.line(index)}: {message}")

    def scan(self):
        t = self.text
        n = len(t)
        while self.i < n:
            c = t[self.i]
            if t.startswith("//", self.i):
                end = t.find("\n", self.i)
                end = n if end < 0 else end
                body = t[self.i + 2 : end].lstrip("/ ").strip()
                if body.startswith("TRANSLATORS:"):
                    self.comment = (self.line(), body)
                elif self.comment and self.comment[0] == self.line() - 1 and body:
                    # A TRANSLATORS: comment continued on the next // line.
                    self.comment = (self.line(), self.comment[1] + " " + body)
                self.i = end
            elif t.startswith("/*", self.i):
                self.skip_block_comment()
            elif c == '"' or (c == "#" and self.raw_string_start() is not None):
                self.read_literal()  # a string that is not a tr argument
            elif c == "t" and self.call_keyword() is not None:
                self.read_call(self.call_keyword())
            else:
                self.i += 1
        return self.calls

    def skip_block_comment(self):
        depth = 0
        t = self.text
        while self.i < len(t):
            if t.startswith("/*", self.i):
                depth += 1
                self.i += 2
            elif t.startswith("*/", self.i):
                depth -= 1
                self.i += 2
                if depth == 0:
                    return
            else:
                self.i += 1
        self.fail("a /* comment that never ends")

    def call_keyword(self):
        """The keyword (tr, trLater) of a call starting at self.i, or None."""
        for keyword in ("trLater", "tr"):
            if self.text.startswith(keyword, self.i) and self.is_call_start(len(keyword)):
                return keyword
        return None

    def is_call_start(self, length):
        t = self.text
        before = t[self.i - 1] if self.i > 0 else " "
        if identifier_char(before) or before == "." or before == "`":
            return False
        j = self.i + length
        if j < len(t) and identifier_char(t[j]):
            return False
        while j < len(t) and t[j] in " \t":
            j += 1
        if j >= len(t) or t[j] != "(":
            return False
        # `func tr(` declares it: not a call.
        k = self.i - 1
        while k >= 0 and t[k] in " \t":
            k -= 1
        return not t[max(0, k - 3) : k + 1].endswith("func")

    def skip_space(self):
        t = self.text
        while self.i < len(t):
            if t[self.i] in " \t\r\n":
                self.i += 1
            elif t.startswith("//", self.i):
                end = t.find("\n", self.i)
                self.i = len(t) if end < 0 else end
            elif t.startswith("/*", self.i):
                self.skip_block_comment()
            else:
                return

    def raw_string_start(self):
        """The number of # before a quote at self.i (#"…"#), or None."""
        t = self.text
        j = self.i
        while j < len(t) and t[j] == "#":
            j += 1
        return j - self.i if j > self.i and j < len(t) and t[j] == '"' else None

    def read_literal(self):
        """Reads the string literal at self.i; returns (its value, whether it interpolates)."""
        t = self.text
        hashes = self.raw_string_start() or 0
        self.i += hashes
        start = self.i
        if t.startswith('"""', self.i):
            return self.read_multiline(hashes, start)
        self.i += 1
        value = []
        interpolates = False
        escape = "\\" + "#" * hashes
        close = '"' + "#" * hashes
        while True:
            if self.i >= len(t) or t[self.i] == "\n":
                self.fail("a string literal that never ends", start)
            if t.startswith(close, self.i):
                self.i += len(close)
                return "".join(value), interpolates
            if t.startswith(escape, self.i):
                self.i += len(escape)
                ch, interp = self.read_escape(start)
                interpolates = interpolates or interp
                value.append(ch)
                continue
            value.append(t[self.i])
            self.i += 1

    def read_escape(self, start):
        """Reads an escape's character after its backslash; (character, is interpolation)."""
        t = self.text
        c = t[self.i] if self.i < len(t) else ""
        simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}
        if c in simple:
            self.i += 1
            return simple[c], False
        if c == "u" and t.startswith("u{", self.i):
            end = t.find("}", self.i)
            if end < 0:
                self.fail("a \\u{ escape that never ends", start)
            code = int(t[self.i + 2 : end], 16)
            self.i = end + 1
            return chr(code), False
        if c == "(":
            # The interpolated expression may itself call tr: it is scanned as code.
            open_at = self.i
            depth = 0
            while self.i < len(t):
                if t[self.i] == '"':
                    skipper = SwiftScanner(self.path, t)
                    skipper.i = self.i
                    skipper.read_literal()
                    self.i = skipper.i
                    continue
                if t[self.i] == "(":
                    depth += 1
                elif t[self.i] == ")":
                    depth -= 1
                    if depth == 0:
                        inner = SwiftScanner(self.path, t[open_at + 1 : self.i])
                        offset = self.line(open_at) - 1
                        for line, msgid, plural, comment in inner.scan():
                            self.calls.append((line + offset, msgid, plural, comment or self.pending_comment(line + offset)))
                        self.i += 1
                        return "", True
                self.i += 1
            self.fail("an interpolation that never ends", start)
        self.fail(f"an unknown escape \\{c}", start)

    def read_multiline(self, hashes, start):
        t = self.text
        self.i += 3
        close = '"""' + "#" * hashes
        end = t.find(close, self.i)
        if end < 0:
            self.fail("a multi-line string that never ends", start)
        body = t[self.i : end]
        self.i = end + len(close)
        lines = body.split("\n")[1:]  # the text starts on the line after the opening quotes
        indent = lines[-1] if lines and lines[-1].strip() == "" else ""
        lines = lines[:-1]
        raw = "\n".join(line[len(indent) :] if line.startswith(indent) else line.lstrip() for line in lines)
        # Escapes, line continuations (a backslash at a line's end) and interpolations.
        value = []
        interpolates = False
        escape = "\\" + "#" * hashes
        j = 0
        saved = self.i
        while j < len(raw):
            if raw.startswith(escape, j):
                k = j + len(escape)
                if k < len(raw) and raw[k] == "\n":
                    j = k + 1
                    continue
                self.text, self.i = raw, k
                try:
                    ch, interp = self.read_escape(start)
                finally:
                    k, self.text = self.i, t
                interpolates = interpolates or interp
                value.append(ch)
                j = k
                continue
            value.append(raw[j])
            j += 1
        self.i = saved
        return "".join(value), interpolates

    def read_argument(self):
        """A string argument: literals joined with +. None when the argument is something else."""
        t = self.text
        self.skip_space()
        parts = []
        interpolates = False
        while self.i < len(t) and (t[self.i] == '"' or (t[self.i] == "#" and self.raw_string_start() is not None)):
            value, interp = self.read_literal()
            parts.append(value)
            interpolates = interpolates or interp
            self.skip_space()
            if self.i < len(t) and t[self.i] == "+":
                self.i += 1
                self.skip_space()
                continue
            break
        if not parts:
            return None, False
        # A literal then something other than , or ) is an expression (a literal + a variable).
        if self.i < len(t) and t[self.i] not in ",)":
            return None, False
        return "".join(parts), interpolates

    def read_call(self, keyword):
        start = self.i
        line = self.line()
        self.i = self.text.index("(", self.i) + 1
        open_at = self.i
        first, interp = self.read_argument()
        if first is None:
            self.i = open_at
            self.check_no_loose_literal(keyword, start)
            self.i = start + len(keyword)
            return
        if interp:
            self.fail("tr's text interpolates \\(…): the text looked up must be the text extracted; use %1, %2", start)
        plural = None
        if keyword == "tr" and self.text[self.i] == ",":
            self.i += 1
            mark = self.i
            second, interp = self.read_argument()
            if second is not None and self.text[self.i] == ",":
                self.i += 1
                self.skip_space()
            if second is not None and self.text.startswith("count:", self.i):
                if interp:
                    self.fail("tr's plural text interpolates \\(…); use %1, %2", start)
                plural = second
            else:
                self.i = mark
        self.calls.append((line, first, plural, self.pending_comment(line)))

    def check_no_loose_literal(self, keyword, start):
        """Fails when the first argument of a call that is not one literal holds a literal
        outside any bracket: `tr("Level " + name)`, `tr(on ? "On" : "Off")`, `tr(x ?? "none")`.
        Such a text is looked up but never extracted, so never translated. (A literal inside
        a nested call or closure, `tr(names["key"])`, is that code's business.)"""
        t = self.text
        depth = 0
        while self.i < len(t):
            c = t[self.i]
            if t.startswith("//", self.i) or t.startswith("/*", self.i):
                self.skip_space()
                continue
            if c == '"' or (c == "#" and self.raw_string_start() is not None):
                at = self.i
                self.read_literal()
                if depth == 0:
                    self.fail(
                        f"{keyword}'s text is an expression holding the literal {t[at:self.i]}: it would be looked up but "
                        f"never extracted; give each text its own call ({keyword}(\"On\") and {keyword}(\"Off\")) "
                        "or a placeholder (%1)",
                        start,
                    )
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0:
                    return
                depth -= 1
            elif c == "," and depth == 0:
                return
            self.i += 1

    def pending_comment(self, line):
        """The TRANSLATORS: comment ending at most four lines above `line`, if any."""
        if self.comment and 0 <= line - self.comment[0] <= 4:
            return self.comment[1]
        return None


def swift_entries(entries, order):
    sources = []
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                sources.append(os.path.relpath(os.path.join(folder, name), ROOT))
    for path in sorted(sources):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        for line, msgid, plural, comment in SwiftScanner(path, text).scan():
            if msgid == "":
                raise ExtractError(f"{path}:{line}: tr(\"\") looks up nothing")
            add(entries, order, msgid, plural, f"{path}:{line}", comment)


def tip_entries(entries, order):
    levels = []
    for folder, _, files in os.walk(os.path.join(ROOT, "levels")):
        for name in files:
            if name.endswith(".bloq"):
                levels.append(os.path.relpath(os.path.join(folder, name), ROOT))
    for path in sorted(levels):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                if text.startswith("tip:"):
                    tip = text[4:].strip()
                    if tip:
                        add(entries, order, tip, None, f"{path}:{number}", "A level's tip, shown under its board.")
                elif text.startswith("title:"):
                    title = text[6:].strip()
                    if title:
                        add(
                            entries, order, title, None, f"{path}:{number}",
                            "A level's title, shown above its board and on its preview: a name, short "
                            "(two or three words), with the capital letters your language gives a title.",
                        )


def add(entries, order, msgid, plural, reference, comment):
    key = msgid
    entry = entries.get(key)
    if entry is None:
        entry = entries[key] = Entry(msgid, plural)
        order.append(key)
    elif plural is not None and entry.plural not in (None, plural):
        raise ExtractError(f"{reference}: '{msgid}' has two plural forms: '{entry.plural}' and '{plural}'")
    elif (plural is None) != (entry.plural is None):
        # A catalog holds a text once: looked up alone it would get the plural's first form
        # ("move" alone, a gamepad word, would read "Zug", the noun of "%1 move").
        other = entry.references[0] if entry.references else "elsewhere"
        raise ExtractError(
            f"{reference}: '{msgid}' is looked up {'alone' if plural is None else 'as a plural'} here and "
            f"{'as a plural' if plural is None else 'alone'} at {other}: one text cannot be both; give one of them other words"
        )
    if reference not in entry.references:
        entry.references.append(reference)
    if comment and comment not in entry.comments:
        entry.comments.append(comment)


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    if "\n" not in escaped:
        return f'"{escaped}"'
    pieces = escaped.split("\n")
    lines = [p + "\\n" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


HEADER = r'''# The texts of Bloq for Linux, for translators (docs/translating.md).
# Written by scripts/po-extract.py (make pot): do not edit; edit po/LL.po.
# This file is distributed under the same license as the Bloq package.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: bloq\n"
"Report-Msgid-Bugs-To: https://github.com/bloqlinux/bloq/issues\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
"Language-Team: LANGUAGE <LL@li.org>\n"
"Language: \n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"
'''


def render(entries, order):
    out = [HEADER]
    for key in order:
        entry = entries[key]
        block = []
        for comment in entry.comments:
            block.append(f"#. {comment}")
        refs = entry.references
        for k in range(0, len(refs), 2):
            block.append("#: " + " ".join(refs[k : k + 2]))
        block.append("msgid " + po_string(entry.msgid))
        if entry.plural is not None:
            block.append("msgid_plural " + po_string(entry.plural))
            block.append('msgstr[0] ""')
            block.append('msgstr[1] ""')
        else:
            block.append('msgstr ""')
        out.append("\n".join(block) + "\n")
    return "\n".join(out)


def xgettext_part():
    """The desktop entry's and the metainfo's texts, as xgettext finds them (ITS rules)."""
    # The metainfo's rules are po/its/metainfo.its (no AppStream package needed).
    result = subprocess.run(
        ["xgettext", "--omit-header", "--no-wrap", "--from-code=UTF-8", "-o", "-"] + EXTRA,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ, GETTEXTDATADIRS=os.path.join(ROOT, "po")),
    )
    if result.returncode != 0:
        raise ExtractError("xgettext failed:\n" + result.stderr)
    return result.stdout


def main(argv):
    out = os.path.join(ROOT, "po", "bloq.pot")
    msgids = False
    args = argv[1:]
    while args:
        arg = args.pop(0)
        if arg == "-o" and args:
            out = args.pop(0)
        elif arg == "--msgids":
            msgids = True
        elif arg == "--scan" and args:
            return scan_files(args)
        else:
            print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
            return 64
    entries, order = {}, []
    try:
        swift_entries(entries, order)
        tip_entries(entries, order)
        extra = xgettext_part()
    except ExtractError as error:
        print(f"po-extract: {error}", file=sys.stderr)
        return 65
    except FileNotFoundError:
        print("po-extract: xgettext is missing; install it with: apt-get install gettext", file=sys.stderr)
        return 69
    # The desktop entry's and metainfo's texts as xgettext wrote them, unless a tr() has
    # the same text already (then only their references are added to it).
    kept = []
    for block in (b for b in extra.strip().split("\n\n") if b.strip()):
        msgid = msgid_of(block)
        if msgid in entries:
            entries[msgid].references.extend(
                r for line in block.splitlines() if line.startswith("#: ") for r in line[3:].split())
        else:
            kept.append((msgid, block))
    if msgids:
        json.dump(sorted(list(entries) + [m for m, _ in kept]), sys.stdout, ensure_ascii=False)
        print()
        return 0
    text = render(entries, order) + "".join("\n" + block + "\n" for _, block in kept)
    if out == "-":
        sys.stdout.write(text)
    else:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"po-extract: {len(entries) + len(kept)} messages into {os.path.relpath(out, ROOT)}", file=sys.stderr)
    return 0


def scan_files(paths):
    """Prints each tr() call of `paths` as a JSON line {line, msgid, plural, comment}, after
    checking them as make pot does (together, as one catalog's texts)."""
    entries, order = {}, []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                calls = SwiftScanner(path, f.read()).scan()
            for line, msgid, plural, comment in calls:
                add(entries, order, msgid, plural, f"{path}:{line}", comment)
        except ExtractError as error:
            print(f"po-extract: {error}", file=sys.stderr)
            return 65
        except OSError as error:
            print(f"po-extract: {path}: {error.strerror}", file=sys.stderr)
            return 66
        for line, msgid, plural, comment in calls:
            print(json.dumps({"line": line, "msgid": msgid, "plural": plural, "comment": comment}, ensure_ascii=False))
    return 0


def unescape(text):
    """A PO string's escapes (\\n, \\t, \\", \\\\) as the characters they stand for."""
    out = []
    i = 0
    table = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in table:
            out.append(table[text[i + 1]])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def msgid_of(block):
    """The msgid of a PO block, unescaped."""
    value = []
    inside = False
    for line in block.splitlines():
        if line.startswith("msgid "):
            inside = True
            line = line[6:]
        elif line.startswith("msgstr") or line.startswith("msgid_plural"):
            inside = False
        if inside and line.startswith('"'):
            value.append(line[1:-1])
    return unescape("".join(value))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
