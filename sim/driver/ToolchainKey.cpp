#include "ToolchainKey.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "RuntimePaths.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

namespace fs = std::filesystem;

namespace warpsim::driver {
namespace {

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A file that cannot be read hashes as an empty one (it then fails later,
// where it is used, with a located message).
std::uint64_t hashFile(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return llvm::xxh3_64bits(buf ? (*buf)->getBuffer() : llvm::StringRef());
}

// Every file the key covers, in a fixed order: the runtime libraries, this
// executable, then the headers (as the directory lists them).
std::vector<std::string> keyedFiles() {
  std::vector<std::string> files = runtimePaths().libraries;
  files.push_back("/proc/self/exe");
  std::error_code ec;
  for (const auto &e : fs::recursive_directory_iterator(runtimePaths().include_dir, ec))
    if (e.is_regular_file(ec))
      files.push_back(e.path().string());
  return files;
}

constexpr std::size_t kLeadingFiles = 1; // /proc/self/exe after the libraries

std::uint64_t contentKey(const std::vector<std::string> &files) {
  std::string s = WARPSIM_VERSION;
  s += WARPSIM_CLANGXX;
  s += WARPSIM_LLD;
  const std::size_t headers = runtimePaths().libraries.size() + kLeadingFiles;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (i >= headers)
      s += files[i]; // a header's name matters too (an include resolves by it)
    s += hex(hashFile(files[i]));
  }
  return llvm::xxh3_64bits(llvm::StringRef(s));
}

std::int64_t nanoseconds(const timespec &t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// A file whose times are this close to now is not trusted to a stamp: on a
// file system with coarse timestamps a second write could keep them.
constexpr std::int64_t kSettleNs = 2'000'000'000;

// The files' identities as one string; `settled` false when one of them
// changed too recently for a stamp.
std::string identities(const std::vector<std::string> &files, bool &settled) {
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  const std::int64_t recent = nanoseconds(now) - kSettleNs;
  std::string s = WARPSIM_VERSION;
  s += '\0';
  s += WARPSIM_CLANGXX;
  s += WARPSIM_LLD;
  settled = true;
  for (const std::string &f : files) {
    struct stat st{};
    s += '\0';
    s += f;
    if (::stat(f.c_str(), &st) != 0) {
      s += ":missing";
      continue;
    }
    const std::int64_t m = nanoseconds(st.st_mtim), c = nanoseconds(st.st_ctim);
    if (m >= recent || c >= recent)
      settled = false;
    s += '\0' + std::to_string(st.st_dev) + ':' + std::to_string(st.st_ino) + ':' +
         std::to_string(st.st_size) + ':' + std::to_string(m) + ':' + std::to_string(c);
  }
  return s;
}

std::optional<std::uint64_t> readStamp(const fs::path &stamp) {
  std::ifstream in(stamp);
  std::string text;
  if (!(in >> text) || text.size() != 16 ||
      text.find_first_not_of("0123456789abcdef") != std::string::npos)
    return std::nullopt;
  return std::strtoull(text.c_str(), nullptr, 16);
}

// Published by rename, as cache entries are: concurrent runs may write the
// same stamp. Stamps written more than a day ago go then (each rebuild of
// warpsim makes one; a stamp still in use that goes costs one more hash).
void writeStamp(const fs::path &stamp, std::uint64_t key) {
  std::error_code ec;
  const fs::path dir = stamp.parent_path();
  fs::create_directories(dir, ec);
  const fs::path tmp = dir / (stamp.filename().string() + ".tmp" + std::to_string(getpid()));
  {
    std::ofstream out(tmp);
    out << hex(key) << '\n';
    if (!out)
      return (void)fs::remove(tmp, ec);
  }
  fs::rename(tmp, stamp, ec);
  if (ec)
    fs::remove(tmp, ec);
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(24);
  for (const fs::directory_entry &e : fs::directory_iterator(dir, ec))
    if (e.path() != stamp && fs::last_write_time(e.path(), ec) < old && !ec)
      fs::remove(e.path(), ec);
}

} // namespace

std::uint64_t toolchainKey(const fs::path &cacheDir) {
  static std::optional<std::uint64_t> key;
  if (key)
    return *key;
  const std::vector<std::string> files = keyedFiles();
  bool settled = false;
  const std::string id = identities(files, settled);
  // A name with a '.' is never taken for a cache entry (CompileCacheLimit).
  const fs::path stamp =
      cacheDir / "toolchain.stamps" / hex(llvm::xxh3_64bits(llvm::StringRef(id)));
  if (settled)
    key = readStamp(stamp);
  if (!key) {
    key = contentKey(files);
    if (settled)
      writeStamp(stamp, *key);
  }
  return *key;
}

} // namespace warpsim::driver
