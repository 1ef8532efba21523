// The part of the compile cache's key that is not the user's: warpsim's
// version and compiler, the runtime libraries, this executable (the front
// end is linked into it) and the CUDA headers, hashed by content.
#pragma once

#include <cstdint>
#include <filesystem>

namespace warpsim::driver {

// Hashing those files reads about 60 MB, four fifths of what a cache hit
// cost (docs/performance.md, "First result"). A stamp in `cacheDir` named by the files' identities
// (path, device, inode, size, modification and change times) keeps the
// content hash, so a hit reads none of them; a file changed in place gets a
// new change time, hence a new stamp name and a hash of the contents again.
std::uint64_t toolchainKey(const std::filesystem::path &cacheDir);

} // namespace warpsim::driver
