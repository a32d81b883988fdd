"""Makes one correct C++ file look like one student's own: the same behaviour,
different tokens, as when each student of a class writes the code themselves.

rewrite(text, student, rng, keep) applies, in this order:
  rename locals    every variable (and file-local function) the file declares
                   gets the student's suffix: `row_max` -> `row_max_s007`.
                   Names in `keep` (every identifier of the course's headers:
                   the API, its parameters and types), members (anything used
                   after `.` or `->`) and keywords keep their names; strings
                   and comments are left alone, so messages stay the same.
  reorder          runs of adjacent one-line declarations that do not use one
                   another (`const Index rows = a.rows();` then
                   `const Index cols = a.cols();`) are shuffled; lines that
                   may have side effects (++, +=, <<, random engines) or
                   declare several names stay put.
  own comment      a first line naming the student and the file.
Deterministic for a given rng seed (bench/lib/batch_bench.py seeds it per
student).
"""
import re

KEYWORDS = set("""
alignas alignof and asm auto bool break case catch char class const constexpr consteval constinit
const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern
false float for friend goto if inline int long mutable namespace new noexcept not nullptr operator or
private protected public register reinterpret_cast return short signed sizeof static static_assert
static_cast struct switch template this thread_local throw true try typedef typeid typename union
unsigned using virtual void volatile while std main
""".split())

# A declaration: a type (a builtin, `auto`, a name beginning with a capital,
# or a qualified name such as std::size_t), maybe a template argument list,
# const, &, *, then the declared name, then what may follow a declared name.
TYPE = r"(?:const\s+)?(?:auto|bool|char|int|long|unsigned|float|double|std::size_t|size_t|std::\w+|Eigen::\w+|[A-Z]\w*)"
DECL = re.compile(TYPE + r"(?:<[^;(){}]*>)?(?:\s+const)?\s*[&*]{0,2}\s*\b([a-z_]\w*)\s*(?==|\(|\{|;|,|\)|\[|:(?!:))")
SIDE_EFFECTS = re.compile(r"\+\+|--|[-+*/|&]=|<<|>>|\b(?:gen|rng|engine|dist\w*|rand\w*|std::cout|std::cerr)\b")
ONE_LINE_DECL = re.compile(r"^(\s*)" + TYPE + r"(?:<[^;(){}]*>)?\s*[&]?\s+([a-z_]\w*)\s*(?:=[^;{}]*|\([^;{}]*\)|\{[^;{}]*\});\s*$")


def split_code(text):
    """[(is_code, piece)]: string and character literals and comments apart from code."""
    pieces, pattern = [], re.compile(r'//[^\n]*|/\*.*?\*/|R"([^(]*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    at = 0
    for m in pattern.finditer(text):
        pieces.append((True, text[at:m.start()]))
        pieces.append((False, m.group(0)))
        at = m.end()
    pieces.append((True, text[at:]))
    return pieces


def header_identifiers(headers):
    """Every identifier in the given header texts."""
    out = set()
    for h in headers:
        for is_code, piece in split_code(h):
            if is_code:
                out.update(re.findall(r"\b[A-Za-z_]\w*\b", piece))
    return out


def rename_locals(text, suffix, keep):
    code = "".join(p for is_code, p in split_code(text) if is_code)
    members = set(re.findall(r"(?:\.|->)\s*([A-Za-z_]\w*)", code))
    declared = {m.group(1) for m in DECL.finditer(code)}
    names = sorted(n for n in declared if n not in keep and n not in members and n not in KEYWORDS)
    if not names:
        return text
    word = re.compile(r"(?<![\w.])(?<!->)(?<!::)\b(" + "|".join(map(re.escape, names)) + r")\b")
    return "".join(word.sub(lambda m: m.group(1) + suffix, p) if is_code else p for is_code, p in split_code(text))


def declares_several(line):
    """`const Index a = x.dim(0), b = x.dim(1);`: a comma outside brackets declares more names."""
    depth = 0
    for ch in line:
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if ch == "," and depth == 0:
            return True
    return False


def reorder_declarations(text, rng):
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        run = []
        while i + len(run) < len(lines):
            m = ONE_LINE_DECL.match(lines[i + len(run)])
            if (not m or SIDE_EFFECTS.search(lines[i + len(run)]) or (run and m.group(1) != run[0][1])
                    or declares_several(lines[i + len(run)])):
                break
            run.append((lines[i + len(run)], m.group(1), m.group(2)))
        # Independent: no line of the run names what another declares.
        declared = {name for _, _, name in run}
        independent = all(not (set(re.findall(r"\b\w+\b", line.split("=", 1)[-1])) & (declared - {name}))
                          for line, _, name in run)
        if len(run) >= 2 and independent:
            block = [line for line, _, _ in run]
            shuffled = block[:]
            for _ in range(8):
                rng.shuffle(shuffled)
                if shuffled != block:
                    break
            out.extend(shuffled)
            i += len(run)
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def rewrite(text, student, number, rel, rng, keep):
    text = rename_locals(text, f"_s{number:03d}", keep)
    text = reorder_declarations(text, rng)
    return f"// {rel}: {student}'s own work (submission {number}).\n" + text
