#include "grader/protocol/errors.hpp"
#include "grader/protocol/frame.hpp"
#include "grader/worker/fault_stack.hpp"
#include "grader/worker/registry.hpp"

namespace grader::worker {

void Registry::add(std::string name, Handler handler) { handlers_[std::move(name)] = std::move(handler); }
void Registry::add_translator(ErrorTranslator translator) { translators_.push_back(std::move(translator)); }
void Registry::add_release(std::function<void()> release) { releases_.push_back(std::move(release)); }
void Registry::release_objects() const {
  for (const auto& release : releases_) release();
}

const Handler* Registry::find(std::string_view name) const {
  auto it = handlers_.find(name);
  return it == handlers_.end() ? nullptr : &it->second;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> out;
  for (const auto& [name, _] : handlers_) out.push_back(name);
  return out;
}

protocol::Error Registry::classify(const std::exception& e) const {
  for (const auto& t : translators_)
    if (auto kind = t(e)) return *kind;
  return protocol::error_of(e);
}

std::string ready_frame() {
  protocol::Reply hello;
  hello.sequence = 0;
  hello.results = {std::string(kReadyGreeting), kProtocolVersion};
  return protocol::encode(hello);
}

namespace {

/// Before an error reply: where the exception that ended the call was thrown.
bool write_fault_note(int out_fd, std::uint64_t sequence) {
  protocol::FaultNote note{sequence, last_throw_stack()};
  if (note.functions.empty()) return true;
  return protocol::write_frame(out_fd, protocol::encode(note));
}

}  // namespace

int serve(const Registry& registry, int in_fd, int out_fd) {
  for (;;) {
    auto frame = protocol::read_frame(in_fd, protocol::kMaxMessageBytes);
    if (frame.status == protocol::ReadStatus::closed) return 0;
    if (frame.status != protocol::ReadStatus::ok) return 70;  // EX_SOFTWARE: the trusted side sees EOF

    protocol::Reply reply;
    try {
      auto request = protocol::decode_request(frame.bytes);
      reply.sequence = request.sequence;
      const Handler* handler = registry.find(request.function);
      if (request.function == kReleaseObjects) {
        // The student's destructors run here: what they throw is reported like any call's.
        try {
          CallInProgress in_call(request.sequence);
          registry.release_objects();
        } catch (const std::exception& e) {
          reply.ok = false;
          reply.error = registry.classify(e);
        } catch (...) {
          reply.ok = false;
          reply.error = {"unknown", "an exception that is not a std::exception was thrown"};
        }
      } else if (!handler) {
        reply.ok = false;
        reply.error = {"unknown_function", "the worker has no function named '" + request.function + "'"};
      } else {
        forget_last_throw();
        try {
          CallInProgress in_call(request.sequence);
          reply.results = (*handler)(request.args);
        } catch (const protocol::ProtocolError& e) {
          reply.ok = false;
          reply.error = {"protocol", e.what()};
        } catch (const std::exception& e) {
          reply.ok = false;
          reply.error = registry.classify(e);
          if (!write_fault_note(out_fd, request.sequence)) return 0;
        } catch (...) {
          // Students can throw anything (an int, a string literal); say so plainly.
          reply.ok = false;
          reply.error = {"unknown", "an exception that is not a std::exception was thrown"};
          if (!write_fault_note(out_fd, request.sequence)) return 0;
        }
      }
    } catch (const protocol::ProtocolError& e) {
      reply.ok = false;
      reply.error = {"protocol", e.what()};
    }
    if (!protocol::write_frame(out_fd, protocol::encode(reply))) return 0;
  }
}

}  // namespace grader::worker
