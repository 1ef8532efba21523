#include "CompileCacheLimit.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace fs = std::filesystem;

namespace warpsim::driver {

CacheLimit cacheLimitFromEnv() {
  CacheLimit l;
  l.max_bytes = std::uintmax_t{4096} << 20;
  const char *env = std::getenv("WARPSIM_CACHE_MAX_MB");
  if (env == nullptr || *env == '\0')
    return l;
  char *end = nullptr;
  const unsigned long long mb = std::strtoull(env, &end, 10);
  if (*end != '\0' || *env == '-' || mb > (std::uintmax_t{1} << 40)) {
    l.error = std::string("warpsim: error: WARPSIM_CACHE_MAX_MB='") + env +
              "' is not a size in MiB (0 turns eviction off)";
    return l;
  }
  l.max_bytes = static_cast<std::uintmax_t>(mb) << 20;
  return l;
}

void touchCacheEntry(const fs::path &entry) {
  std::error_code ec;
  fs::last_write_time(entry, fs::file_time_type::clock::now(), ec);
}

namespace {
struct Entry {
  fs::path path;
  fs::file_time_type used;
  std::uintmax_t bytes = 0;
};
} // namespace

void trimCompileCache(const fs::path &cache, std::uintmax_t max_bytes, std::chrono::seconds grace) {
  if (max_bytes == 0)
    return;
  std::error_code ec;
  std::vector<Entry> entries;
  std::uintmax_t total = 0;
  for (const fs::directory_entry &d : fs::directory_iterator(cache, ec)) {
    // Published entries only: a name with a '.' is another build's staging.
    if (!d.is_directory(ec) || d.path().filename().string().find('.') != std::string::npos)
      continue;
    Entry e{d.path(), fs::last_write_time(d.path(), ec), 0};
    for (const fs::directory_entry &f : fs::directory_iterator(d.path(), ec))
      e.bytes += f.is_regular_file(ec) ? f.file_size(ec) : 0;
    total += e.bytes;
    entries.push_back(std::move(e));
  }
  if (total <= max_bytes)
    return;
  // Oldest use first; the name breaks ties so that eviction is reproducible.
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
    return a.used != b.used ? a.used < b.used : a.path < b.path;
  });
  const auto keepAfter = fs::file_time_type::clock::now() - grace;
  for (const Entry &e : entries) {
    if (total <= max_bytes || e.used >= keepAfter)
      break;
    fs::remove_all(e.path, ec);
    if (!ec)
      total -= e.bytes;
  }
}

} // namespace warpsim::driver
