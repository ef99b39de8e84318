#!/usr/bin/env python3
"""Pastes the Swift examples into README.md and the DocC articles.

After a line `<!-- quote: PATH NAME -->` comes a ```swift block; this replaces the block's
body with the lines between `// README: NAME begin` and `// README: NAME end` in PATH.
ExamplesTests (ReadmeExamplesTests) fail until the quotes equal the source again.
Run from the package folder: python3 Tests/Scripts/quote_examples.py
"""
import glob
import re

QUOTE = re.compile(r"^<!-- quote: (\S+) (\S+) -->$")


def source(path, name):
    lines = open(path, encoding="utf-8").read().split("\n")
    begin = lines.index(f"// README: {name} begin")
    end = lines.index(f"// README: {name} end")
    return lines[begin + 1:end]


def fill(document):
    lines = open(document, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        match = QUOTE.match(lines[i])
        if match and i + 1 < len(lines) and lines[i + 1] == "```swift":
            out.append("```swift")
            out.extend(source(match.group(1), match.group(2)))
            i += 2
            while i < len(lines) and lines[i] != "```":
                i += 1
            continue  # the closing fence is appended by the loop
        i += 1
    open(document, "w", encoding="utf-8").write("\n".join(out))


for document in ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md")):
    fill(document)
