#include "grader/build/assembler_directives.hpp"

#include <cctype>
#include <cstdlib>

namespace grader::build {

// From the GNU as manual's list of directives (binutils 2.40, "Assembler
// Directives"): the two that read a file, and those that substitute text into
// a statement, which could assemble one of the two from pieces
// (`.macro m a` + `.inc\a`, `.irpc x,b` + `.inc\x\()in`, `.altmacro`'s `&`;
// each checked with GNU as 2.40). `.file`, `.loc`, `.ident` and `.print` only
// record or print a name; `.rept` repeats text without substituting into it.
const std::vector<AssemblerDirective> kAssemblerDirectives = {
    {".incbin", "reads a file into the program"},
    {".include", "reads a file and assembles it"},
    {".macro", "defines an assembler macro, which can assemble a directive such as .incbin from pieces"},
    {".irp", "repeats text with substitutions, which can assemble a directive such as .incbin from pieces"},
    {".irpc", "repeats text with substitutions, which can assemble a directive such as .incbin from pieces"},
    {".altmacro", "turns on alternate macro syntax, which can assemble a directive such as .incbin from pieces"},
};

namespace {

// Characters of an assembler name: a directive starts after none of them.
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

constexpr std::size_t kLongestName = 16;
constexpr std::size_t kStatementBytes = 120;

}  // namespace

bool AssemblerDirectiveScan::Matcher::end_name() {
  collecting = false;
  std::string lower = spelled;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (const auto& d : kAssemblerDirectives) {
    if (lower != d.name) continue;
    found = DirectiveFound{start, d.name, spelled, d.what};
    statement_left = kStatementBytes - spelled.size();
    return true;
  }
  return false;
}

void AssemblerDirectiveScan::Matcher::put(char c, std::size_t offset) {
  const char before = previous;
  previous = c;
  if (!found && collecting) {
    if (word_char(c)) {
      if (spelled.size() <= kLongestName) {
        spelled += c;
        return;
      }
      collecting = false;  // longer than any directive
    } else {
      end_name();  // when it was one, `c` is the first byte of the rest of its statement
    }
  }
  if (found) {
    if (statement_left == 0) return;
    if (c == '\n' || c == ';') {
      statement_left = 0;
    } else {
      found->statement += c;
      --statement_left;
    }
    return;
  }
  if (c == '.' && !name_char(before)) {
    collecting = true;
    spelled.assign(1, '.');
    start = offset;
  }
}

void AssemblerDirectiveScan::scrubbed(char c, std::size_t offset) { as_scrubbed_.put(c, offset); }

void AssemblerDirectiveScan::feed(std::string_view text) {
  using State = Scrubber::State;
  Scrubber& s = scrubber_;
  for (const char c : text) {
    const std::size_t at = offset_++;
    as_written_.put(c, at);
    if (s.slash_pending) {
      s.slash_pending = false;
      if (c == '*') {
        s.state = State::block_comment;
        s.star_seen = 0;
        continue;
      }
      scrubbed('/', s.slash_offset);
    }
    switch (s.state) {
      case State::block_comment:
        if (s.star_seen && c == '/') s.state = State::code;
        s.star_seen = c == '*';
        continue;
      case State::line_comment:
        if (c == '\n') {
          s.state = State::code;
          scrubbed(c, at);
        }
        continue;
      case State::string:
        if (c == '\\') s.state = State::string_escape;
        if (c == '"' || c == '\n') s.state = State::code;
        scrubbed(c, at);
        continue;
      case State::string_escape:
        s.state = State::string;
        scrubbed(c, at);
        continue;
      case State::character:  // 'c or '\c
        s.state = c == '\\' ? State::character_escape : State::code;
        scrubbed(c, at);
        continue;
      case State::character_escape:
        s.state = State::code;
        scrubbed(c, at);
        continue;
      case State::code:
        break;
    }
    if (c == '/') {
      s.slash_pending = true;
      s.slash_offset = at;
    } else if (c == '#') {
      s.state = State::line_comment;
    } else {
      if (c == '"') s.state = State::string;
      if (c == '\'') s.state = State::character;
      scrubbed(c, at);
    }
  }
}

void AssemblerDirectiveScan::finish() {
  if (scrubber_.slash_pending) scrubbed('/', scrubber_.slash_offset);
  scrubber_.slash_pending = false;
  for (Matcher* m : {&as_written_, &as_scrubbed_}) {
    if (!m->found && m->collecting) m->end_name();
    m->statement_left = 0;
  }
}

std::optional<DirectiveFound> AssemblerDirectiveScan::found() const {
  std::optional<DirectiveFound> out = as_written_.found ? as_written_.found : as_scrubbed_.found;
  if (out) {
    // Shown without the blanks that end its line.
    while (!out->statement.empty() && std::isspace(static_cast<unsigned char>(out->statement.back())))
      out->statement.pop_back();
  }
  return out;
}

std::optional<DirectiveFound> find_assembler_directive(std::string_view assembler) {
  AssemblerDirectiveScan scan;
  scan.feed(assembler);
  scan.finish();
  return scan.found();
}

std::optional<GeneratedDirective> find_directive_in_generated_assembly(std::istream& in) {
  AssemblerDirectiveScan scan;
  // Where each `# N "file" 1` marker (the line of an asm statement) or
  // `#NO_APP` (the end of one) starts, and the line it gives (0 for #NO_APP).
  std::vector<std::pair<std::size_t, int>> markers;
  std::string line;
  std::size_t offset = 0;
  while (std::getline(in, line)) {
    if (line.rfind("#NO_APP", 0) == 0) {
      markers.emplace_back(offset, 0);
    } else if (line.size() > 2 && line[0] == '#' && line[1] == ' ' && std::isdigit(static_cast<unsigned char>(line[2]))) {
      const std::size_t end = line.find(' ', 2);
      if (end != std::string::npos && end - 2 <= 9 && line.compare(line.size() - 2, 2, " 1") == 0)
        markers.emplace_back(offset, static_cast<int>(std::strtol(line.c_str() + 2, nullptr, 10)));
    }
    if (!in.eof()) line += '\n';
    scan.feed(line);
    offset += line.size();
    if (scan.found()) break;
  }
  scan.finish();
  auto found = scan.found();
  if (!found) return std::nullopt;
  GeneratedDirective out{*found, 0};
  for (const auto& [at, n] : markers)
    if (at <= found->offset) out.line = n;
  return out;
}

}  // namespace grader::build
