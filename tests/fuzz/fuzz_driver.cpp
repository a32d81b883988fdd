// A driver for fuzz targets where libFuzzer is not available (the default
// build): replays the built-in seeds and any corpus files given, then runs
// random mutations of them. Deterministic for a given --seed.
//
//   fuzz_X [--runs N] [--seed S] [--max-len BYTES] [--memory-mb MB] [--write-seeds DIR] [FILE_OR_DIR...]
//
// --memory-mb (default 2048) caps the address space, so an input that makes
// the code under test allocate without bound is a finding (std::bad_alloc),
// not a machine out of memory.
// A crash or a finding leaves the input in ./fuzz-finding-<target> so it can
// be replayed: fuzz_X ./fuzz-finding-<target>.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "fuzz_target.hpp"

namespace {

namespace fs = std::filesystem;

// The input being run, for the crash handler (async-signal-safe write only).
const std::uint8_t* g_current = nullptr;
std::size_t g_current_size = 0;
char g_finding_path[512] = "fuzz-finding";

void save_current() {
  int fd = ::open(g_finding_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return;
  std::size_t off = 0;
  while (off < g_current_size) {
    ssize_t w = ::write(fd, g_current + off, g_current_size - off);
    if (w <= 0) break;
    off += static_cast<std::size_t>(w);
  }
  ::close(fd);
}

void on_crash(int sig) {
  save_current();
  const char msg[] = "fuzz: crashed; the input is in ";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  ignored = ::write(2, g_finding_path, std::strlen(g_finding_path));
  ignored = ::write(2, "\n", 1);
  (void)ignored;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void run_one(const std::string& input) {
  g_current = reinterpret_cast<const std::uint8_t*>(input.data());
  g_current_size = input.size();
  LLVMFuzzerTestOneInput(g_current, g_current_size);
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Small, blind mutations: what they lack in guidance they make up in number.
std::string mutate(std::string s, const std::vector<std::string>& corpus, std::mt19937_64& rng, std::size_t max_len) {
  auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : static_cast<std::size_t>(rng() % n); };
  static const std::int64_t interesting[] = {0, 1, -1, 2, 127, 128, 255, 256, 65535, 0x7fffffff, -0x80000000LL,
                                             0xffffffffLL, 0x100000000LL, 0x7fffffffffffffffLL};
  int rounds = 1 + static_cast<int>(pick(4));
  for (int r = 0; r < rounds; ++r) {
    switch (pick(8)) {
      case 0:  // flip a bit
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1 << pick(8));
        break;
      case 1:  // a random or boundary byte
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(pick(3) == 0 ? "\x00\xff\x7f\x80"[pick(4)] : pick(256));
        break;
      case 2: {  // insert bytes
        std::string bytes(1 + pick(8), '\0');
        for (char& c : bytes) c = static_cast<char>(pick(256));
        s.insert(pick(s.size() + 1), bytes);
        break;
      }
      case 3:  // erase a range
        if (!s.empty()) {
          std::size_t at = pick(s.size());
          s.erase(at, 1 + pick(std::min<std::size_t>(64, s.size() - at)));
        }
        break;
      case 4:  // duplicate a range
        if (!s.empty()) {
          std::size_t at = pick(s.size()), len = 1 + pick(std::min<std::size_t>(256, s.size() - at));
          s.insert(pick(s.size() + 1), s.substr(at, len));
        }
        break;
      case 5:  // a boundary integer, little-endian, 4 or 8 bytes
        if (s.size() >= 8) {
          std::int64_t v = interesting[pick(std::size(interesting))];
          std::size_t width = pick(2) ? 8 : 4, at = pick(s.size() - width + 1);
          std::memcpy(s.data() + at, &v, width);
        }
        break;
      case 6: {  // splice with another input
        const std::string& other = corpus[pick(corpus.size())];
        s = s.substr(0, pick(s.size() + 1)) + other.substr(pick(other.size() + 1));
        break;
      }
      default:  // a line or token from another input (helps text formats)
        if (!s.empty()) {
          const std::string& other = corpus[pick(corpus.size())];
          std::size_t at = pick(other.size() + 1);
          std::size_t end = other.find('\n', at);
          s.insert(pick(s.size() + 1), other.substr(at, end == std::string::npos ? std::string::npos : end - at + 1));
        }
    }
  }
  if (s.size() > max_len) s.resize(max_len);
  return s;
}

}  // namespace

namespace fuzz {
[[noreturn]] void finding(const std::string& what) {
  save_current();
  std::cerr << "fuzz: finding: " << what << "\nthe input is in " << g_finding_path << "\n";
  std::abort();
}
}  // namespace fuzz

int main(int argc, char** argv) {
  long runs = 2000;
  unsigned long long seed = 1;
  std::size_t max_len = 1 << 16;
  std::size_t memory_mb = 2048;
  std::vector<fs::path> inputs;
  std::string write_seeds;
  std::string name = fs::path(argv[0]).filename().string();
  std::snprintf(g_finding_path, sizeof g_finding_path, "fuzz-finding-%s", name.c_str());
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--runs") runs = std::stol(value());
    else if (a == "--seed") seed = std::stoull(value());
    else if (a == "--max-len") max_len = std::stoul(value());
    else if (a == "--memory-mb") memory_mb = std::stoul(value());
    else if (a == "--write-seeds") write_seeds = value();
    else inputs.emplace_back(a);
  }
  std::vector<std::string> corpus = fuzz::seeds();
  if (!write_seeds.empty()) {
    fs::create_directories(write_seeds);
    for (std::size_t i = 0; i < corpus.size(); ++i)
      std::ofstream(fs::path(write_seeds) / ("seed-" + std::to_string(i)), std::ios::binary) << corpus[i];
    std::cout << "wrote " << corpus.size() << " seeds to " << write_seeds << "\n";
    return 0;
  }
  for (const auto& p : inputs) {
    if (fs::is_directory(p)) {
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file()) corpus.push_back(read_file(e.path()));
    } else {
      corpus.push_back(read_file(p));
    }
  }
  if (corpus.empty()) corpus.emplace_back();
  rlimit cap{memory_mb << 20, memory_mb << 20};
  ::setrlimit(RLIMIT_AS, &cap);
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) ::signal(sig, on_crash);
  for (const auto& c : corpus) run_one(c);
  std::mt19937_64 rng(seed);
  for (long r = 0; r < runs; ++r) run_one(mutate(corpus[rng() % corpus.size()], corpus, rng, max_len));
  std::cout << name << ": " << corpus.size() << " seeds and " << runs << " mutations, no finding (seed " << seed << ")\n";
  return 0;
}
