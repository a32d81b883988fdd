#include "grader/release/course_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>

namespace grader::release {

namespace {

constexpr const char* kHeader =
    "# The course manifest of this handout: lessons in order, their exercises,\n"
    "# the files you edit, the public tests, points and hints. `grader list`\n"
    "# shows it and `grader check` grades against it; leave it as it is.\n";

std::string text_of(const YAML::Node& node, const char* key) {
  const YAML::Node value = node[key];
  return value && value.IsScalar() ? value.Scalar() : std::string();
}

// yaml-cpp tags every quoted or block scalar "!" and every plain one "?":
// the loader tells `points: 10` from `points: "10"` that way, so it must survive.
bool quoted(const YAML::Node& scalar) { return scalar.Tag() == "!"; }

// A `|` block keeps exactly one final newline and cannot carry trailing
// spaces, a leading space on the first line, tabs or carriage returns.
bool fits_literal_block(const std::string& s) {
  if (s.size() < 2 || s.back() != '\n' || s[s.size() - 2] == '\n') return false;
  if (s.front() == ' ' || s.front() == '\n') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\t' || c == '\r' || (c < 0x20 && c != '\n')) return false;
    if (c == '\n' && i > 0 && s[i - 1] == ' ') return false;
  }
  return true;
}

void emit(YAML::Emitter& out, const YAML::Node& node, bool in_flow);

void emit_scalar(YAML::Emitter& out, const YAML::Node& node, bool in_flow) {
  const std::string& s = node.Scalar();
  if (!quoted(node)) {
    out << s;
  } else if (!in_flow && fits_literal_block(s)) {
    out << YAML::Literal << s;
  } else {
    out << YAML::DoubleQuoted << s;
  }
}

void emit(YAML::Emitter& out, const YAML::Node& node, bool in_flow) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
      out << YAML::Null;
      return;
    case YAML::NodeType::Scalar:
      emit_scalar(out, node, in_flow);
      return;
    case YAML::NodeType::Sequence: {
      const bool flow = in_flow || node.Style() == YAML::EmitterStyle::Flow;
      if (flow) out << YAML::Flow;
      out << YAML::BeginSeq;
      for (const auto& item : node) emit(out, item, flow);
      out << YAML::EndSeq;
      return;
    }
    case YAML::NodeType::Map: {
      const bool flow = in_flow || node.Style() == YAML::EmitterStyle::Flow;
      if (flow) out << YAML::Flow;
      out << YAML::BeginMap;
      for (const auto& entry : node) {
        out << YAML::Key;
        emit_scalar(out, entry.first, true);
        out << YAML::Value;
        emit(out, entry.second, flow);
      }
      out << YAML::EndMap;
      return;
    }
  }
}

// Same values, same plain-or-quoted scalars, same key order.
bool same_tree(const YAML::Node& a, const YAML::Node& b, std::string& where) {
  auto null_like = [](const YAML::Node& n) {
    return !n.IsDefined() || n.IsNull();
  };
  if (null_like(a) || null_like(b)) return null_like(a) && null_like(b);
  if (a.Type() != b.Type()) return false;
  if (a.IsScalar()) {
    if (a.Scalar() == b.Scalar() && quoted(a) == quoted(b)) return true;
    where = "'" + a.Scalar() + "'";
    return false;
  }
  if (a.size() != b.size()) return false;
  if (a.IsSequence()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same_tree(a[i], b[i], where)) return false;
    return true;
  }
  auto ia = a.begin();
  auto ib = b.begin();
  for (; ia != a.end(); ++ia, ++ib) {
    if (ia->first.Scalar() != ib->first.Scalar()) return false;
    if (!same_tree(ia->second, ib->second, where)) {
      if (where.empty()) where = "key '" + ia->first.Scalar() + "'";
      return false;
    }
  }
  return true;
}

// A fresh copy of `map` in the same order and style, without the keys in
// `drop` and with the values in `replace` swapped in. (Assigning to a key
// that already exists would write through to the instructor's tree, which
// yaml-cpp shares by reference, so every map is rebuilt instead.)
YAML::Node rebuilt(const YAML::Node& map, const std::set<std::string>& drop,
                   const std::map<std::string, YAML::Node>& replace = {}) {
  YAML::Node out(YAML::NodeType::Map);
  out.SetStyle(map.Style());
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    if (drop.count(key)) continue;
    auto swapped = replace.find(key);
    out[key] = swapped != replace.end() ? swapped->second : entry.second;
  }
  return out;
}

std::vector<std::string> exercise_ids(const YAML::Node& lesson) {
  std::vector<std::string> ids;
  if (lesson["exercises"] && lesson["exercises"].IsSequence())
    for (const auto& e : lesson["exercises"]) ids.push_back(text_of(e, "id"));
  return ids;
}

// The student's copy of one exercise: no hidden suite; a quiz names its
// question forms file instead of its answer key.
YAML::Node student_exercise(const YAML::Node& exercise, const std::map<std::string, std::string>& quiz_forms,
                            StudentCourse& result) {
  const bool quiz = text_of(exercise, "kind") == "quiz";
  auto forms = quiz_forms.find(text_of(exercise, "id"));
  std::set<std::string> drop;
  if (!quiz || forms != quiz_forms.end()) drop.insert("answer_key");
  if (forms != quiz_forms.end()) drop.insert("question_forms");
  std::map<std::string, YAML::Node> replace;
  const YAML::Node tests = exercise["tests"];
  if (tests && tests.IsMap() && tests["hidden"]) {
    result.hidden_removed.push_back(text_of(exercise, "id"));
    YAML::Node kept = rebuilt(tests, {"hidden"});
    if (kept.size() == 0) drop.insert("tests");  // an empty mapping would not load
    else replace["tests"] = kept;
  }
  YAML::Node out = rebuilt(exercise, drop, replace);
  if (forms != quiz_forms.end()) out["question_forms"] = forms->second;
  return out;
}

}  // namespace

StudentCourse make_student_course_yaml(const std::string& text, const std::string& track,
                                       const std::map<std::string, std::string>& quiz_forms) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(std::string("course.yaml is not valid YAML: ") + e.what() +
                             "; run `grader list` to see where");
  }
  if (!root.IsMap()) throw std::runtime_error("course.yaml is not a mapping; run `grader list` to see why");

  StudentCourse result;
  const YAML::Node lessons = root["lessons"];
  const YAML::Node tracks = root["tracks"];

  // Which exercises, and which lessons kept whole, for the track.
  std::set<std::string> chosen;  // exercise ids
  YAML::Node chosen_track;
  bool track_found = false;
  if (!track.empty()) {
    std::vector<std::string> names;
    if (tracks && tracks.IsSequence())
      for (const auto& t : tracks) {
        names.push_back(text_of(t, "id"));
        if (text_of(t, "id") == track) {
          chosen_track = static_cast<const YAML::Node&>(t);
          track_found = true;
        }
      }
    if (!track_found) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw UnknownTrack("course.yaml has no track '" + track + "'; " +
                         (names.empty() ? "it defines no tracks: release without --track"
                                        : "its tracks are: " + list));
    }
    for (const auto& e : chosen_track["exercises"]) chosen.insert(e.Scalar());
  }

  // An exercise whose functions a chosen one calls (its `uses`) is kept too:
  // the handout's worker compiles the student's own function.
  if (!track.empty() && lessons && lessons.IsSequence()) {
    std::vector<std::pair<std::string, std::string>> calls;  // (exercise, used exercise)
    for (const auto& l : lessons)
      if (l["exercises"] && l["exercises"].IsSequence())
        for (const auto& e : l["exercises"])
          if (e.IsMap() && e["uses"] && e["uses"].IsSequence())
            for (const auto& u : e["uses"])  // an id, or {exercise: id, mode: ...}
              calls.emplace_back(text_of(e, "id"), u.IsMap() ? text_of(u, "exercise") : u.Scalar());
    for (bool added = true; added;) {
      added = false;
      for (const auto& [caller, used] : calls)
        if (chosen.count(caller) && chosen.insert(used).second) {
          added = true;
          result.notes.push_back("exercise '" + used + "' is kept: exercise '" + caller +
                                 "' calls its functions (uses)");
        }
    }
  }

  std::set<std::string> whole;  // lesson ids kept with every exercise
  if (!track.empty() && lessons && lessons.IsSequence()) {
    std::map<std::string, std::vector<std::string>> uses;
    std::vector<std::string> pending;
    for (const auto& l : lessons) {
      const std::string id = text_of(l, "id");
      if (l["uses"] && l["uses"].IsSequence())
        for (const auto& u : l["uses"])  // an id, or {lesson: id, mode: ...}
          uses[id].push_back(u.IsMap() ? text_of(u, "lesson") : u.Scalar());
      auto ids = exercise_ids(l);
      if (std::any_of(ids.begin(), ids.end(), [&](const std::string& e) { return chosen.count(e) > 0; }))
        pending.push_back(id);
    }
    std::set<std::string> seen(pending.begin(), pending.end());
    while (!pending.empty()) {
      std::string id = pending.back();
      pending.pop_back();
      for (const auto& used : uses[id]) {
        if (whole.insert(used).second)
          result.notes.push_back("lesson '" + used + "' is kept whole: lesson '" + id +
                                 "' compiles its student files (uses)");
        if (seen.insert(used).second) pending.push_back(used);
      }
    }
  }

  // The lessons the handout keeps (with at least one exercise), wherever the
  // keys that refer to them are written.
  std::set<std::string> kept_lesson_ids;
  if (lessons && lessons.IsSequence())
    for (const auto& l : lessons) {
      const auto ids = exercise_ids(l);
      if (ids.empty()) continue;
      if (track.empty() || whole.count(text_of(l, "id")) ||
          std::any_of(ids.begin(), ids.end(), [&](const std::string& e) { return chosen.count(e) > 0; }))
        kept_lesson_ids.insert(text_of(l, "id"));
    }

  YAML::Node out(YAML::NodeType::Map);
  for (const auto& entry : root) {
    const std::string key = entry.first.Scalar();
    if (key == "lessons" && entry.second.IsSequence()) {
      YAML::Node kept_lessons(YAML::NodeType::Sequence);
      kept_lessons.SetStyle(entry.second.Style());
      for (const auto& lesson : entry.second) {
        const std::string id = text_of(lesson, "id");
        const bool keep_all = track.empty() || whole.count(id) > 0;
        YAML::Node kept_exercises(YAML::NodeType::Sequence);
        kept_exercises.SetStyle(lesson["exercises"] ? lesson["exercises"].Style() : YAML::EmitterStyle::Block);
        std::vector<std::string> kept_ids;
        if (lesson["exercises"] && lesson["exercises"].IsSequence())
          for (const auto& exercise : lesson["exercises"]) {
            const std::string ex = text_of(exercise, "id");
            if (!keep_all && !chosen.count(ex)) continue;
            kept_exercises.push_back(student_exercise(exercise, quiz_forms, result));
            kept_ids.push_back(ex);
          }
        if (kept_ids.empty()) continue;
        kept_lessons.push_back(rebuilt(lesson, {}, {{"exercises", kept_exercises}}));
        result.lessons.push_back(id);
        result.exercises.insert(result.exercises.end(), kept_ids.begin(), kept_ids.end());
      }
      out[key] = kept_lessons;
    } else if (key == "pictures" && !track.empty() && entry.second.IsSequence()) {
      // A picture draws from one lesson's worker: it goes where its lesson goes.
      YAML::Node kept(YAML::NodeType::Sequence);
      kept.SetStyle(entry.second.Style());
      for (const auto& picture : entry.second)
        if (kept_lesson_ids.count(text_of(picture, "lesson"))) kept.push_back(picture);
      if (kept.size() > 0) out[key] = kept;
    } else if (key == "tracks" && !track.empty()) {
      YAML::Node only(YAML::NodeType::Sequence);
      only.SetStyle(entry.second.Style());
      only.push_back(chosen_track);
      out[key] = only;
    } else {
      out[key] = entry.second;
    }
  }

  YAML::Emitter emitter;
  emitter.SetIndent(2);
  emit(emitter, out, false);
  if (!emitter.good())
    throw std::runtime_error(std::string("cannot write the student's course.yaml: ") + emitter.GetLastError());
  result.yaml = std::string(kHeader) + emitter.c_str() + "\n";

  // The release must mean exactly what the instructor wrote.
  std::string where;
  YAML::Node back;
  try {
    back = YAML::Load(result.yaml);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(std::string("the student's course.yaml does not parse back: ") + e.what() +
                             "; this is a bug in `grader release`, please report it");
  }
  if (!same_tree(out, back, where))
    throw std::runtime_error("the student's course.yaml would change the value at " +
                             (where.empty() ? std::string("some key") : where) +
                             " when written back; this is a bug in `grader release`, please report it");
  return result;
}

}  // namespace grader::release
