// The compile cache's size limit. Every cached program links the runtime
// statically (about 9 MB), so a cache that only grows fills a disk within
// days of test runs: entries least recently used are evicted past the limit.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

namespace warpsim::driver {

struct CacheLimit {
  std::uintmax_t max_bytes = 0; // 0: no limit
  std::string error;            // not empty: a bad WARPSIM_CACHE_MAX_MB
};

// WARPSIM_CACHE_MAX_MB (default 4096; 0 turns eviction off).
CacheLimit cacheLimitFromEnv();

// Marks an entry as just used (a cache hit), so eviction keeps it longer.
void touchCacheEntry(const std::filesystem::path &entry);

// Removes the least recently used entries until the cache holds at most
// `max_bytes`. Entries used within `grace` are never removed: another warpsim
// process may be about to run the program it just found there.
void trimCompileCache(const std::filesystem::path &cache, std::uintmax_t max_bytes,
                      std::chrono::seconds grace);

} // namespace warpsim::driver
