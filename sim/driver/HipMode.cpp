#include "HipMode.h"

#include <fstream>
#include <regex>
#include <sstream>

#include "warpsim/model/ArchSpec.h"

namespace warpsim::driver {
namespace {

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string readAll(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

constexpr const char *kProgramArchMarker = "WARPSIM_PROGRAM_ARCH=";

} // namespace

bool isHipSource(const std::string &path) {
  if (endsWith(path, ".hip"))
    return true;
  // Source files only: a program given to --exec is not read here.
  bool source = false;
  for (const char *ext : {".cu", ".cpp", ".cc", ".cxx", ".c++", ".C", ".cuh", ".h", ".hpp"})
    source = source || endsWith(path, ext);
  if (!source)
    return false;
  // A directive that includes a HIP header, <hip/...> or "hip/...". A
  // comment that names one does not count (the directive starts its line).
  static const std::regex include(R"((^|\n)[ \t]*#[ \t]*include[ \t]*[<"]hip/)");
  const std::string text = readAll(path);
  return text.find("hip/") != std::string::npos && std::regex_search(text, include);
}

void applyHipDefaults(CliOptions &o) {
  o.hip = isHipSource(o.input);
  if (o.hip && !o.arch_given)
    o.arch = kHipDefaultArch;
}

std::vector<std::string> hipDefines(const std::string &arch, unsigned warpSize) {
  std::vector<std::string> d = {"__HIP__=1", "__HIPCC__=1", "__HIP_PLATFORM_AMD__=1",
                                "__HIP_PLATFORM_HCC__=1", "__HIP_ROCclr__=1"};
  auto spec = model::builtinArch(arch);
  if (!spec)
    return d;
  const unsigned lanes = warpSize != 0 ? warpSize : spec->warp_size;
  d.push_back("__AMDGCN_WAVEFRONT_SIZE=" + std::to_string(lanes));
  d.push_back("__AMDGCN_WAVEFRONT_SIZE__=" + std::to_string(lanes));
  d.push_back("__WARPSIM_HIP_ARCH__=\"" + spec->name + "\"");
  if (!spec->target_id.empty()) {
    const std::string processor = spec->target_id.substr(0, spec->target_id.find(':'));
    d.push_back("__" + processor + "__=1");
    d.push_back("__AMDGCN__=1");
    d.push_back("__AMDGPU__=1");
    d.push_back("__WARPSIM_HIP_GCN_ARCH_NAME__=\"" + spec->target_id + "\"");
  }
  return d;
}

std::string simulatedArchForOffload(const std::string &offloadArch, std::string &why) {
  const std::string processor = offloadArch.substr(0, offloadArch.find(':'));
  if (processor == "native")
    return kHipDefaultArch;
  std::string known;
  for (const std::string &n : model::builtinArchNames()) {
    auto spec = model::builtinArch(n);
    if (!spec || spec->target_id.empty())
      continue;
    const std::string p = spec->target_id.substr(0, spec->target_id.find(':'));
    if (p == processor)
      return n;
    known += (known.empty() ? "" : ", ") + p;
  }
  why = "offload architecture '" + offloadArch + "' is not simulated (warpsim simulates " + known +
        ")";
  return {};
}

std::string programArch(const std::string &program) {
  const std::string bytes = readAll(program);
  const std::string marker = kProgramArchMarker;
  for (std::size_t at = bytes.find(marker); at != std::string::npos;
       at = bytes.find(marker, at + 1)) {
    const std::size_t begin = at + marker.size();
    const std::size_t end = bytes.find('\0', begin);
    if (end == std::string::npos || end - begin > 64)
      continue;
    const std::string arch = bytes.substr(begin, end - begin);
    if (model::builtinArch(arch))
      return arch;
  }
  return {};
}

} // namespace warpsim::driver
