// Unit tests of the token-level launch-syntax pass.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "warpsim/frontend/Translate.h"

using warpsim::frontend::rewriteLaunchSyntax;

namespace {

std::string site(const std::string &callee, unsigned line, unsigned col) {
  return "::warpsim::launch(::warpsim::KernelSite{\"" + callee + "\", \"k.cu\", " +
         std::to_string(line) + ", " + std::to_string(col) +
         ", ::warpsim::kUnknownSmem, nullptr}, ";
}

std::string rewrite(const std::string &src) {
  auto r = rewriteLaunchSyntax(src, "k.cu");
  REQUIRE_MESSAGE(r.ok, r.error);
  return r.text;
}

long newlines(const std::string &s) { return std::count(s.begin(), s.end(), '\n'); }

} // namespace

TEST_CASE("simple launch") {
  CHECK(rewrite("  k<<<g, b>>>(x, y);\n") ==
        "  " + site("k", 1, 3) +
            "::warpsim::LaunchConfig(g, b), [=](auto&&... __ws_a) { "
            "k(__ws_a...); }, x, y);\n");
}

TEST_CASE("four configuration arguments") {
  CHECK(rewrite("k<<<dim3(2, 2), 64, n * sizeof(float), s>>>(p);") ==
        site("k", 1, 1) + "::warpsim::LaunchConfig(dim3(2, 2), 64, n * sizeof(float), s), "
                          "[=](auto&&... __ws_a) { k(__ws_a...); }, p);");
}

TEST_CASE("template-id callee") {
  CHECK(rewrite("k<float, 4><<<1, 32>>>(p);") ==
        site("k<float, 4>", 1, 1) + "::warpsim::LaunchConfig(1, 32), [=](auto&&... __ws_a) { "
                                    "k<float, 4>(__ws_a...); }, p);");
  // `>>` closing nested template arguments.
  CHECK(rewrite("k<S<int>><<<1, 1>>>();") ==
        site("k<S<int>>", 1, 1) + "::warpsim::LaunchConfig(1, 1), [=](auto&&... __ws_a) { "
                                  "k<S<int>>(__ws_a...); });");
  CHECK(rewrite("k<sizeof(T) * 2><<<1, 1>>>();").starts_with(site("k<sizeof(T) * 2>", 1, 1)));
}

TEST_CASE("qualified callee") {
  CHECK(rewrite("x = ns::k<<<1, 1>>>(p);") ==
        "x = " + site("ns::k", 1, 5) +
            "::warpsim::LaunchConfig(1, 1), [=](auto&&... __ws_a) { "
            "ns::k(__ws_a...); }, p);");
  CHECK(rewrite("::a::B<int>::template k<T><<<1, 1>>>();")
            .starts_with(site("::a::B<int>::template k<T>", 1, 1)));
  CHECK(rewrite("(*fp)<<<1, 1>>>(p);").starts_with(site("(*fp)", 1, 1)));
}

TEST_CASE("multi-line configuration keeps every line") {
  std::string src = "void f() {\n"
                    "  k<<<grid, // the grid\n"
                    "      block,\n"
                    "      0>>>(a,\n"
                    "           b);\n"
                    "  after();\n"
                    "}\n";
  std::string out = rewrite(src);
  CHECK(newlines(out) == newlines(src));
  CHECK(out == "void f() {\n  " + site("k", 2, 3) +
                   "::warpsim::LaunchConfig(grid, block, 0), [=](auto&&... "
                   "__ws_a) { k(__ws_a...); },\n\na,\n           b);\n"
                   "  after();\n}\n");
}

TEST_CASE("zero arguments") {
  CHECK(rewrite("k<<<1, 1>>>();") == site("k", 1, 1) +
                                         "::warpsim::LaunchConfig(1, 1), [=](auto&&... __ws_a) { "
                                         "k(__ws_a...); });");
  CHECK(rewrite("k<<<1, 1>>>( /* none */ );").ends_with("k(__ws_a...); } /* none */ );"));
}

TEST_CASE("nested parentheses and templates in the arguments stay") {
  std::string out = rewrite("k<<<f(a, g(b)), std::max<int>(c, d)>>>(h(x, y), v<int>{1, 2});");
  CHECK(out == site("k", 1, 1) + "::warpsim::LaunchConfig(f(a, g(b)), std::max<int>(c, d)), "
                                 "[=](auto&&... __ws_a) { k(__ws_a...); }, h(x, y), "
                                 "v<int>{1, 2});");
}

TEST_CASE("<<< in comments, strings and characters is left alone") {
  std::string src = "// k<<<1, 1>>>();\n"
                    "/* k<<<1, 1>>>(); */\n"
                    "const char *s = \"k<<<1, 1>>>()\";\n"
                    "const char *r = R\"x(k<<<1, 1>>>())x\";\n"
                    "char c = '<'; int n = 1'000;\n";
  CHECK(rewrite(src) == src);
}

TEST_CASE("operator<<< is C++, not a launch") {
  std::string src = "auto &o = operator<<<int>(os, 1);\n";
  CHECK(rewrite(src) == src);
}

TEST_CASE("two launches on one line, later lines keep their columns") {
  std::string out = rewrite("a<<<1, 1>>>(); b<<<2, 2>>>(x);\nnext;\n");
  CHECK(out.find(site("a", 1, 1)) == 0);
  CHECK(out.find(site("b", 1, 16)) != std::string::npos);
  CHECK(out.ends_with("\nnext;\n"));
}

TEST_CASE("file names are escaped") {
  auto r = rewriteLaunchSyntax("k<<<1, 1>>>();", "C:\\a \"b\".cu");
  REQUIRE(r.ok);
  CHECK(r.text.find("\"C:\\\\a \\\"b\\\".cu\"") != std::string::npos);
}

TEST_CASE("backslash-newline in a macro stays a continuation") {
  std::string src = "#define L(k) k<<<1, \\\n  1>>>()\n";
  std::string out = rewrite(src);
  CHECK(newlines(out) == newlines(src));
  CHECK(out.find("\\\n") != std::string::npos);
}

TEST_CASE("errors are located") {
  auto r = rewriteLaunchSyntax("int x;\n  return <<<1, 1>>>(p);\n", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.line == 2);
  CHECK(r.col == 10);
  CHECK(r.error == "expected a kernel name before '<<<'");

  r = rewriteLaunchSyntax("\n<<<1, 1>>>();", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.line == 2);
  CHECK(r.col == 1);

  r = rewriteLaunchSyntax("k<<<1, 1>>>;", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.error == "expected '(' and the kernel arguments after '>>>'");
  CHECK(r.line == 1);
  CHECK(r.col == 12);

  r = rewriteLaunchSyntax("k<<<1, 1);\n", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.error == "expected '>>>' to close this '<<<'");
  CHECK(r.col == 2);

  r = rewriteLaunchSyntax("k<<<>>>();\n", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.col == 2);
}

TEST_CASE("an asm operand constraint \"h\" is respelled \"q\" for the host parse, in place") {
  const std::string src = "asm volatile(\"mov.b16 %0, %1;\" : \"=h\"(r) : \"h\"(a), \"+h\"(b), "
                          "\"r\"(c) : \"memory\");\n"
                          "asm(\"x\" :: \"h\"(m));\n"
                          "const char *s = \"h\"; f(\"h\"(1));\n";
  const std::string out = rewrite(src);
  CHECK(out == "asm volatile(\"mov.b16 %0, %1;\" : \"=q\"(r) : \"q\"(a), \"+q\"(b), \"r\"(c) : "
               "\"memory\");\n"
               "asm(\"x\" :: \"q\"(m));\n"
               "const char *s = \"h\"; f(\"h\"(1));\n");
}

TEST_CASE("hipLaunchKernelGGL is a launch") {
  CHECK(rewrite("  hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, x, y);\n") ==
        "  " + site("k", 1, 22) +
            "::warpsim::LaunchConfig(dim3(g), dim3(b), 0, 0), [=](auto&&... __ws_a) { "
            "k(__ws_a...); }, x, y);\n");
  // No kernel arguments; HIP_KERNEL_NAME and parentheses around a template.
  CHECK(rewrite("hipLaunchKernelGGL(k, 1, 64, 0, s);") ==
        site("k", 1, 20) + "::warpsim::LaunchConfig(1, 64, 0, s), [=](auto&&... __ws_a) { "
                           "k(__ws_a...); });");
  CHECK(rewrite("hipLaunchKernelGGL(HIP_KERNEL_NAME(k<float, 4>), 1, 64, 0, 0, p);")
            .starts_with(site("k<float, 4>", 1, 36)));
  CHECK(rewrite("hipLaunchKernelGGL((k<float, 4>), 1, 64, 0, 0, p);")
            .starts_with(site("(k<float, 4>)", 1, 20)));
  // Arguments over several lines keep every line.
  const std::string src = "hipLaunchKernelGGL(k,\n  1, 64,\n  0, 0,\n  p);\nafter();\n";
  const std::string out = rewrite(src);
  CHECK(newlines(out) == newlines(src));
  CHECK(out.ends_with("\n  p);\nafter();\n"));
  // A definition of the name is left alone.
  CHECK(rewrite("#define hipLaunchKernelGGL(k, ...) x\n") ==
        "#define hipLaunchKernelGGL(k, ...) x\n");
}

TEST_CASE("hipLaunchKernelGGL errors are located") {
  auto r = rewriteLaunchSyntax("int x;\n  hipLaunchKernelGGL(k, 1, 64);\n", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.line == 2);
  CHECK(r.col == 3);
  CHECK(r.error.starts_with("hipLaunchKernelGGL needs a kernel, grid, block"));
}

TEST_CASE("HIP_DYNAMIC_SHARED is a declaration") {
  CHECK(rewrite("  HIP_DYNAMIC_SHARED(float, tile)\n  tile[0] = 1;\n") ==
        "  extern __shared__ float tile[];\n  tile[0] = 1;\n");
  CHECK(rewrite("HIP_DYNAMIC_SHARED(unsigned int, s);") == "extern __shared__ unsigned int s[];;");
  CHECK(rewrite("HIP_DYNAMIC_SHARED(Pair<int, 2>, s)") == "extern __shared__ Pair<int, 2> s[];");
  auto r = rewriteLaunchSyntax("HIP_DYNAMIC_SHARED(float)\n", "k.cu");
  CHECK_FALSE(r.ok);
  CHECK(r.error == "expected HIP_DYNAMIC_SHARED(type, name)");
}
