#!/usr/bin/env python3
"""Lists the toolchain declarations the library uses above its Apple platform floors, outside an availability check.

No Apple machine builds here, and a Linux build ignores `@available(macOS ...)`, so a use of, say, `Atomic` (macOS 15)
in a package whose floor is macOS 12 compiles on Linux and fails on a Mac. This script finds such uses:

1. The floors are read from Package.swift (`.macOS(.v12)`, `.iOS(.v15)`, ...).
2. The library's sources (Sources/Parsnip) are type-checked once with `swiftc -frontend -dump-ast`. Every reference
   to a declaration carries `decl="Module.(file).Type.member(labels:)"`, and every node its types as written
   (`type=`, `interface_type=`, `typerepr=`, `result=`).
3. The availability of the declarations of the toolchain's modules is read from its `.swiftinterface` files (Swift,
   _Concurrency, Synchronization, _StringProcessing, RegexBuilder, Observation, Distributed), which keep
   `@available(macOS 15.0, iOS 18.0, ...)` even on Linux. FoundationEssentials, FoundationInternationalization,
   Foundation and Dispatch ship as binary modules only (no interface); `swift-api-digester -dump-sdk` reads the
   availability recorded in them (macOS, iOS, tvOS and watchOS; it prints no visionOS). A member is as available as
   its own attributes and those of every enclosing type and extension allow.
4. The AST is walked with the availability context of each node: the `then` branch of `if #available(...)`, what
   follows `guard #available(...) else { ... }` in its block, and every declaration marked `@available(...)`.

A use is reported when, for some platform, the declaration's introduction is above both the floor and the context:
`FILE:LINE:COLUMN: error: <decl> needs macOS 15, iOS 18...; the floor is macOS 12, iOS 15...`, and the exit status is 1.
The summary (standard error) says, per toolchain module, how many declarations the library uses and where their
availability came from.

What it cannot see, stated so that a clean run is not read as more than it is:
- swift-corelibs-foundation (the `Foundation` module on Linux: `DateFormatter`, `NSNumber`, `FileHandle`, `Thread`,
  `NSCondition`) records almost no availability, and Dispatch none; the summary lists those declarations by name, to
  be judged by eye (all in use on 2026-12-07 are from macOS 10.15 / iOS 13 or older). FoundationEssentials records
  Apple's availability for most of its API (`UUID.random(using:)`: macOS 15), not for all (`FileManager`).
- Code in inactive `#if` branches (`#if canImport(Darwin)`, `#if os(...)`) is not type-checked on Linux, so it is
  not seen. Keep such branches to C calls that are old on every Apple platform.
- A type is matched by its name in type strings: a library type of the same name as a newer standard-library type
  is skipped, by name.
- Overloads of one name and labels are merged, taking the least restrictive availability (no false alarms, at the
  cost of missing a newer overload of an older name).
- The command-line tool and the tests are checked only with `--with-cli` / `--with-tests`, against the modules of a
  debug build; the benchmark executable is not checked.

Usage:
  scripts/check-availability.py             # the library; exit 1 on findings, 2 when the check itself fails
  scripts/check-availability.py --self-test # the fixtures in scripts/availability-fixtures must fail / pass
  scripts/check-availability.py --with-cli  # Sources/ParsnipCLI too, against .build/debug/Modules (swift build first)
  scripts/check-availability.py --with-tests  # Tests/ParsnipTests and Benchmarks/Models too (swift build --build-tests)
  scripts/check-availability.py FILE...     # check these files (one module) instead of Sources/Parsnip
"""

import os
import re
import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
CHECKED_MODULES = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "RegexBuilder", "Observation",
                   "Distributed", "FoundationEssentials", "FoundationInternationalization", "Foundation", "Dispatch"]


def version(text):
  parts = [int(part) for part in text.split(".")]
  return tuple((parts + [0, 0, 0])[:3])  # padded: (15,) would compare below (15, 0)


def show(v):
  v = list(v)
  while len(v) > 1 and v[-1] == 0:
    v.pop()
  return ".".join(str(part) for part in v)


# Floors.

def read_floors(package_swift):
  text = open(package_swift).read()
  floors = {}
  for platform, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", text):
    floors[platform] = (int(major), int(minor or 0), 0)
  missing = [p for p in PLATFORMS if p not in floors]
  if missing:
    sys.exit(f"check-availability: no floor for {', '.join(missing)} in {package_swift}")
  return floors


# Availability of the toolchain's declarations, from .swiftinterface files.

AVAILABLE_ATTR = re.compile(r"@available\(([^()]*)\)")
DECL = re.compile(
  r"^(?:(?:public|open|package|internal|final|override|mutating|nonmutating|borrowing|consuming|__consuming|static|"
  r"class|convenience|required|indirect|nonisolated|dynamic|optional|lazy|weak|unowned|prefix|postfix|infix|"
  r"isolated|distributed|@[\w.]+(?:\([^()]*\))?)\s+)*"
  r"(struct|class|enum|protocol|extension|actor|func|init|var|let|subscript|typealias|associatedtype|case)\b(.*)$")


def parse_available(args):
  """Platform → introduced version, from the inside of one `@available(...)`."""
  found = {}
  long_form = re.match(r"\s*(\w+)\s*,(.*)$", args)
  if long_form and long_form.group(1) in PLATFORMS and "introduced" in long_form.group(2):
    m = re.search(r"introduced:\s*([\d.]+)", long_form.group(2))
    if m:
      found[long_form.group(1)] = version(m.group(1))
    return found
  for platform, ver in re.findall(r"\b(macOS|iOS|tvOS|watchOS|visionOS)\s+([\d.]+)", args):
    found[platform] = version(ver)
  return found


def merge_max(a, b):
  out = dict(a)
  for platform, v in b.items():
    if platform not in out or v > out[platform]:
      out[platform] = v
  return out


def split_top(text, sep=","):
  parts, depth, current = [], 0, ""
  for ch in text:
    if ch in "([<{":
      depth += 1
    elif ch in ")]>}":
      depth -= 1
    if ch == sep and depth == 0:
      parts.append(current)
      current = ""
    else:
      current += ch
  if current.strip():
    parts.append(current)
  return parts


def parameter_clause(rest):
  """The text inside the first top-level parenthesis of `rest`, or None."""
  start = rest.find("(")
  if start < 0:
    return None
  depth = 0
  for i in range(start, len(rest)):
    if rest[i] == "(":
      depth += 1
    elif rest[i] == ")":
      depth -= 1
      if depth == 0:
        return rest[start + 1:i]
  return None


def labels(params, subscript=False):
  out = []
  for param in split_top(params):
    head = param.split(":", 1)[0].split()
    if not head:
      continue
    if subscript:
      out.append(head[0] if len(head) >= 2 else "_")
    else:
      out.append(head[0])
  return "".join(label + ":" for label in out)


def strip_module(path, modules):
  parts = path.split(".")
  while len(parts) > 1 and parts[0] in modules:
    parts = parts[1:]
  return ".".join(parts)


def read_interface(module, path, table, modules):
  """Adds `(module, container, name) → {platform: version}` entries from one interface to `table`."""
  stack = []  # (kind, container path or None for a body, availability)
  pending = {}
  for raw in open(path, encoding="utf-8", errors="replace"):
    line = raw.strip()
    if not line or line.startswith("//") or line.startswith("#"):
      continue
    in_body = any(kind == "body" for kind, _, _ in stack)
    for args in AVAILABLE_ATTR.findall(line):
      pending = merge_max(pending, parse_available(args))
    decl_text = AVAILABLE_ATTR.sub("", line).strip()
    match = None if in_body else DECL.match(decl_text)
    opened = False
    if match:
      keyword, rest = match.group(1), match.group(2).strip()
      container = ".".join(c for _, c, _ in stack if c)
      outer = {}
      for _, _, availability in stack:
        outer = merge_max(outer, availability)
      availability = merge_max(outer, pending)
      if keyword == "extension":
        extended = re.split(r"[\s:<{]", rest, 1)[0]
        name = strip_module(extended, modules)
        if "{" in line:
          stack.append(("type", name, pending))  # an extension's members: its own attributes (the type's at lookup)
          opened = True
      elif keyword in ("struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype"):
        name = re.split(r"[\s:<{=(]", rest, 1)[0]
        table[(module, container, name)].append(availability)
        if keyword != "typealias" and keyword != "associatedtype" and "{" in line:
          stack.append(("type", f"{container}.{name}" if container else name, pending))
          opened = True
      else:
        if keyword in ("func", "init", "subscript"):
          head = re.match(r"([^\s(<]*)", rest).group(1) if keyword == "func" else ""
          generic_free = re.sub(r"^[^\s(<]*\s*(<[^()]*?>)?", "", rest) if keyword == "func" else re.sub(
            r"^[?!]?\s*(<[^()]*?>)?", "", rest)
          params = parameter_clause(generic_free)
          if params is not None:
            base = head if keyword == "func" else keyword
            name = f"{base}({labels(params, subscript=keyword == 'subscript')})"
            table[(module, container, name)].append(availability)
        elif keyword in ("var", "let"):
          for part in split_top(rest):
            name = re.match(r"\s*([\w`]+)", part)
            if name:
              table[(module, container, name.group(1).strip("`"))].append(availability)
        elif keyword == "case":
          for part in split_top(rest):
            name = re.match(r"\s*([\w`]+)", part)
            if name:
              table[(module, container, name.group(1).strip("`"))].append(availability)
      pending = {}
    elif not line.startswith("@"):
      pending = {}
    # Braces not opened as a type above are bodies (functions, accessors, closures).
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    opens, closes = code.count("{"), code.count("}")
    if opened:
      opens -= 1
    for _ in range(opens):
      stack.append(("body", None, {}))
    for _ in range(closes):
      if stack:
        stack.pop()


BINARY_MODULES = set()  # the modules whose availability came from swift-api-digester
DIGESTER_PLATFORMS = {"intro_Macosx": "macOS", "intro_iOS": "iOS", "intro_tvOS": "tvOS", "intro_watchOS": "watchOS",
                      "intro_visionOS": "visionOS", "intro_xrOS": "visionOS"}


def read_binary_module(module, toolchain_lib, table):
  """Adds the availability `swift-api-digester -dump-sdk` reads from a binary module (no interface); whether any."""
  digester = shutil.which("swift-api-digester", path=os.path.dirname(os.path.realpath(swiftc_path())))
  if not digester:
    return False
  with tempfile.TemporaryDirectory() as folder:
    out = os.path.join(folder, "dump.json")
    result = subprocess.run([digester, "-dump-sdk", "-module", module, "-o", out, "-sdk", "/", "-I", toolchain_lib],
                            capture_output=True, text=True)
    if result.returncode != 0 or not os.path.exists(out):
      return False
    root = json.load(open(out))
  found = False

  def walk(node, container, outer):
    nonlocal found
    for child in node.get("children", []):
      kind = child.get("kind")
      name = child.get("printedName", "")
      availability = {DIGESTER_PLATFORMS[k]: version(v) for k, v in child.items()
                      if k in DIGESTER_PLATFORMS and re.fullmatch(r"[\d.]+", str(v))}
      found = found or bool(availability)
      if kind == "TypeDecl":
        name = re.split(r"[<\s]", name, 1)[0]
        if not child.get("isExternal"):
          table[(module, container, name)].append(merge_max(outer, availability))
        walk(child, f"{container}.{name}" if container else name, merge_max(outer, availability))
      elif kind in ("Function", "Constructor", "Var", "Subscript", "TypeAlias", "EnumElement"):
        table[(module, container, name)].append(merge_max(outer, availability))

  walk(root.get("ABIRoot", {}), "", {})
  return found


def load_availability(toolchain_lib):
  table = defaultdict(list)
  found_modules = []
  for module in CHECKED_MODULES:
    folder = os.path.join(toolchain_lib, f"{module}.swiftmodule")
    if not os.path.isdir(folder):
      continue
    interfaces = sorted(f for f in os.listdir(folder) if f.endswith(".swiftinterface") and ".private." not in f)
    if interfaces:
      read_interface(module, os.path.join(folder, interfaces[0]), table, CHECKED_MODULES)
      found_modules.append(module)
    elif read_binary_module(module, toolchain_lib, table):
      found_modules.append(module)
      BINARY_MODULES.add(module)
  # Overloads merged: the least restrictive (per platform, the lowest; a platform missing from one means no limit).
  merged = {}
  for key, entries in table.items():
    result = None
    for entry in entries:
      if result is None:
        result = dict(entry)
      else:
        result = {p: min(v, entry[p]) for p, v in result.items() if p in entry}
    merged[key] = result or {}
  return merged, found_modules


def availability_of(table, module, container, name):
  """The declaration's availability: its own entry, and each type on its container path (outermost first)."""
  result = {}
  parts = container.split(".") if container else []
  for depth in range(1, len(parts) + 1):
    outer, type_name = ".".join(parts[:depth - 1]), parts[depth - 1]
    for key in ((module, outer, type_name),) + tuple((m, outer, type_name) for m in CHECKED_MODULES if m != module):
      if key in table:
        result = merge_max(result, table[key])
        break
  key = (module, container, name)
  if key in table:
    result = merge_max(result, table[key])
  elif "(" not in name:  # the AST names some generic methods without their labels: every overload of the name
    overloads = [v for k, v in table.items() if k[0] == module and k[1] == container and k[2].startswith(name + "(")]
    if overloads:
      least = overloads[0]
      for entry in overloads[1:]:
        least = {p: min(v, entry[p]) for p, v in least.items() if p in entry}
      result = merge_max(result, least)
  return result


# The AST.

class Node:
  __slots__ = ("indent", "text", "children", "location")

  def __init__(self, indent, text):
    self.indent, self.text, self.children, self.location = indent, text, [], None


LOCATION = re.compile(r"(?:location=|range=\[)([^\s\]]+?):(\d+):(\d+)")


def parse_ast(text):
  root = Node(-1, "")
  stack = [root]
  for line in text.splitlines():
    stripped = line.lstrip(" ")
    if not stripped.startswith("("):
      continue
    indent = len(line) - len(stripped)
    node = Node(indent, stripped)
    m = LOCATION.search(stripped)
    if m:
      node.location = (m.group(1), int(m.group(2)), int(m.group(3)))
    while stack[-1].indent >= indent:
      stack.pop()
    stack[-1].children.append(node)
    stack.append(node)
  return root


DECL_REF = re.compile(r'\bdecl="([^"]*)"')
TYPE_STRINGS = re.compile(r'\b(?:type|interface_type|typerepr|result|thrown_type)="([^"]*)"')
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def parse_decl_ref(ref):
  """(module, container, name) of `Module.(file).Type extension.member(labels:) [with ...]`, or None."""
  ref = ref.split(" [with ", 1)[0]
  ref = re.sub(r"@[^@\s]*:\d+:\d+$", "", ref)
  m = re.match(r"([\w]+)\.\(file\)\.(.*)$", ref)
  if not m:
    return None
  module, path = m.group(1), m.group(2)
  parts, depth, current = [], 0, ""
  for ch in path:
    if ch == "(":
      depth += 1
    elif ch == ")":
      depth -= 1
    if ch == "." and depth == 0 and current and not re.fullmatch(r"[^\w(]+", current):
      parts.append(current)
      current = ""
    else:
      current += ch
  parts.append(current)
  parts = [re.sub(r" extension$", "", p) for p in parts]
  return module, ".".join(parts[:-1]), parts[-1]


def availability_conditions(node):
  """Platform → version of the `#available` conditions of an if/guard/while statement, or None."""
  for child in node.children:
    if child.text.startswith("(conditions"):
      found = None
      for condition in child.children:
        if condition.text.startswith("(#available"):
          found = found or {}
          for spec in condition.children:
            m = re.search(r"domain=(\w+) version=([\d.]+)", spec.text)
            if m and m.group(1) in PLATFORMS:
              found = merge_max(found, {m.group(1): version(m.group(2))})
      return found
  return None


def declared_availability(node):
  found = {}
  for child in node.children:
    if child.text.startswith("(available_attr"):
      m = re.search(r"domain=(\w+) introduced=([\d.]+)", child.text)
      if m and m.group(1) in PLATFORMS:
        found = merge_max(found, {m.group(1): version(m.group(2))})
  return found


class Checker:
  def __init__(self, table, modules, floors, library_types, wanted_files):
    self.table, self.modules, self.floors = table, modules, floors
    self.library_types, self.wanted_files = library_types, wanted_files
    self.findings = {}
    self.used, self.unrecorded = defaultdict(set), defaultdict(set)
    self.uses = 0
    # Top-level types of the checked modules newer than the floor, by name, for matching type strings.
    self.new_types = {}
    for (module, container, name), availability in table.items():
      if not container and name[:1].isupper() and "(" not in name and self.above(availability, floors):
        self.new_types[name] = (module, availability)

  def above(self, needed, context):
    return {p: v for p, v in needed.items() if p in self.floors and v > context.get(p, self.floors[p])}

  def report(self, location, what, needed, context):
    if location is None or location[0] not in self.wanted_files:
      return
    failing = self.above(needed, context)
    if not failing:
      return
    key = (location[0], location[1], what)  # one report per line and declaration
    if key in self.findings:
      return
    needs = ", ".join(f"{p} {show(needed[p])}" for p in PLATFORMS if p in failing)
    floor = ", ".join(f"{p} {show(self.floors[p])}" for p in PLATFORMS if p in failing)
    self.findings[key] = f"{location[0]}:{location[1]}:{location[2]}: error: {what} needs {needs}; the floor is {floor}"

  def check_line(self, node, location, context):
    for ref in DECL_REF.findall(node.text):
      parsed = parse_decl_ref(ref)
      if not parsed:
        continue
      module, container, name = parsed
      if module not in CHECKED_MODULES:
        continue
      needed = availability_of(self.table, module, container, name) if module in self.modules else {}
      if location and location[0] in self.wanted_files:
        self.used[module].add(f"{container}.{name}" if container else name)
        if not needed:
          self.unrecorded[module].add(f"{container}.{name}" if container else name)
      self.uses += 1
      self.report(location, f"{module}.{container + '.' if container else ''}{name}", needed, context)
    for text in TYPE_STRINGS.findall(node.text):
      for identifier in set(IDENTIFIER.findall(text)):
        if identifier in self.new_types and identifier not in self.library_types:
          module, needed = self.new_types[identifier]
          self.report(location, f"{module}.{identifier}", needed, context)

  def walk(self, node, context, location):
    location = node.location or location
    declared = declared_availability(node)
    if declared:
      context = merge_max(context, declared)
    self.check_line(node, location, context)
    is_conditional = node.text.startswith(("(if_stmt", "(guard_stmt", "(while_stmt"))
    guarded = availability_conditions(node) if is_conditional else None
    running = context
    first_brace = True
    for position, child in enumerate(node.children):
      child_context = running
      if child.text.startswith("(pattern_binding_decl"):
        # `@available` on a stored `let`/`var` sits on the var_decl that follows the binding, not on the binding
        # that holds the initializer.
        for sibling in node.children[position + 1:]:
          if not sibling.text.startswith("(var_decl"):
            break
          child_context = merge_max(child_context, declared_availability(sibling))
      if guarded and node.text.startswith(("(if_stmt", "(while_stmt")) and child.text.startswith("(brace_stmt"):
        if first_brace:
          child_context = merge_max(running, guarded)
        first_brace = False
      self.walk(child, child_context, location)
      if child.text.startswith("(guard_stmt"):
        condition = availability_conditions(child)
        if condition:
          running = merge_max(running, condition)  # what follows the guard in this block


def library_type_names(root):
  names = set()
  stack = [root]
  while stack:
    node = stack.pop()
    m = re.match(r'\((?:struct|class|enum|protocol|actor|type_alias|typealias)_decl\b[^"]*"([^"]+)"', node.text)
    if m:
      names.add(m.group(1))
    stack.extend(node.children)
  return names


def dump_ast(files, module_name="Parsnip", extra=()):
  swiftc = swiftc_path()
  # The plugin options are the ones the driver passes (`swiftc -### -typecheck`): macros such as `@TaskLocal`.
  usr = os.path.dirname(toolchain_lib().rstrip("/").rsplit("/lib/swift/", 1)[0] + "/")
  # The package name SwiftPM passes is the root package's identity (its folder's name) made an identifier: `package`
  # declarations of the built library are visible to the command-line tool only under the same name.
  package = re.sub(r"[^a-z0-9_]", "_", os.path.basename(ROOT).lower())  # `wt-floor` → `wt_floor`, as SwiftPM does
  command = [swiftc, "-frontend", "-dump-ast", "-module-name", module_name, "-package-name", package,
             "-parse-as-library", "-swift-version", "6", "-D", "SWIFT_PACKAGE",
             "-in-process-plugin-server-path", os.path.join(usr, "lib/swift/host/libSwiftInProcPluginServer.so"),
             "-plugin-path", os.path.join(usr, "lib/swift/host/plugins")] + list(extra)
  # Every file a primary file: without any, the frontend dumps only the first.
  for file in files:
    command += ["-primary-file", file]
  result = subprocess.run(command, capture_output=True, text=True)
  if result.returncode != 0:
    errors = [line for line in result.stderr.splitlines() if ": error:" in line]
    sys.stderr.write("check-availability: the sources did not type-check:\n" + "\n".join(errors[:20]) + "\n")
    sys.exit(2)
  return result.stdout or result.stderr


def swiftc_path():
  return os.environ.get("SWIFTC") or shutil.which("swiftc") or "swiftc"


def toolchain_lib():
  usr = os.path.dirname(os.path.dirname(os.path.realpath(swiftc_path())))
  for sub in ("lib/swift/linux", "lib/swift/macosx"):
    if os.path.isdir(os.path.join(usr, sub)):
      return os.path.join(usr, sub)
  sys.exit(f"check-availability: no lib/swift/linux under {usr}")


def check(files, floors, table, modules, module_name="Parsnip", extra=()):
  root = parse_ast(dump_ast(files, module_name, extra))
  checker = Checker(table, modules, floors, library_type_names(root), set(files))
  checker.walk(root, dict(floors), None)
  return checker


def run_library():
  floors = read_floors(os.path.join(ROOT, "Package.swift"))
  table, modules = load_availability(toolchain_lib())
  if "Swift" not in modules:
    sys.exit("check-availability: no Swift.swiftinterface in the toolchain; nothing can be checked")
  os.chdir(ROOT)

  def sources(folder):
    return sorted(os.path.join(dirpath, f) for dirpath, _, names in os.walk(folder) for f in names
                  if f.endswith(".swift"))

  arguments = sys.argv[1:]
  options = {a for a in arguments if a in ("--with-cli", "--with-tests")}
  arguments = [a for a in arguments if a not in options]
  # (module, files, extra compiler arguments): the library; with --with-cli and --with-tests, the command-line tool,
  # the benchmarks' models and the tests too, against the modules of the last debug build (`swift build` first, and
  # `swift build --build-tests` for the tests).
  targets = [("Parsnip", arguments or sources("Sources/Parsnip"), [])]
  modules_dir = os.path.join(".build", "debug", "Modules")
  needed = {"--with-cli": "Parsnip", "--with-tests": "ParsnipCLI"}
  for option in sorted(options):
    if not os.path.exists(os.path.join(modules_dir, needed[option] + ".swiftmodule")):
      sys.exit(f"check-availability: {option} needs {modules_dir}/{needed[option]}.swiftmodule (build first)")
  if "--with-cli" in options:
    targets.append(("ParsnipCLI", sources("Sources/ParsnipCLI"), ["-I", modules_dir]))
  if "--with-tests" in options:
    targets.append(("BenchmarkModels", sources("Benchmarks/Models"), ["-I", modules_dir]))
    targets.append(("ParsnipTests", sources("Tests/ParsnipTests"), ["-I", modules_dir]))
  findings = []
  used, unrecorded = defaultdict(set), defaultdict(set)
  floor_text = ", ".join(f"{p} {show(floors[p])}" for p in PLATFORMS)
  for module_name, files, extra in targets:
    checker = check(files, floors, table, modules, module_name, extra)
    findings += sorted(checker.findings.values(), key=lambda s: (s.split(":")[0], int(s.split(":")[1])))
    print(f"check-availability: {module_name}: {len(files)} files, {checker.uses} references to {len(modules)} "
          f"toolchain modules checked against {floor_text}: {len(checker.findings)} finding(s).", file=sys.stderr)
    for module in checker.used:
      used[module] |= checker.used[module]
      unrecorded[module] |= checker.unrecorded[module]
  for line in findings:
    print(line)
  for module in CHECKED_MODULES:
    if module not in used:
      continue
    if module not in modules:
      print(f"check-availability: {module}: {len(used[module])} declarations used, NOT CHECKED (no availability "
            f"readable).", file=sys.stderr)
    elif module in BINARY_MODULES:
      print(f"check-availability: {module}: {len(used[module])} declarations used, availability read from the binary "
            f"module (no visionOS); none recorded for {len(unrecorded[module])}: "
            f"{', '.join(sorted(unrecorded[module]))}", file=sys.stderr)
    else:
      print(f"check-availability: {module}: {len(used[module])} declarations used, availability from its "
            f".swiftinterface.", file=sys.stderr)
  return 1 if findings else 0


def self_test():
  floors = {"macOS": (12, 0, 0), "iOS": (15, 0, 0), "tvOS": (15, 0, 0), "watchOS": (8, 0, 0), "visionOS": (1, 0, 0)}
  table, modules = load_availability(toolchain_lib())
  fixtures = os.path.join(ROOT, "scripts", "availability-fixtures")
  ok = True
  unguarded = check([os.path.join(fixtures, "Unguarded.swift")], floors, table, modules)
  found = "\n".join(unguarded.findings.values())
  for expected in ["Synchronization.Atomic", "Swift.String.utf8Span", "Synchronization.Mutex",
                   "FoundationEssentials.UUID.random(using:)"]:
    if expected not in found:
      print(f"self-test: FAIL: the unguarded fixture should report {expected}; it reported:\n{found}")
      ok = False
  lines = sorted({int(s.split(":")[1]) for s in unguarded.findings.values()})
  marked = [n for n, text in enumerate(open(os.path.join(fixtures, "Unguarded.swift")), 1)
            if text.rstrip().endswith("// finding")]
  if lines != marked:
    print(f"self-test: FAIL: findings on lines {lines}, expected on the lines marked `// finding`: {marked}")
    ok = False
  guarded = check([os.path.join(fixtures, "Guarded.swift")], floors, table, modules)
  if guarded.findings:
    print("self-test: FAIL: the guarded fixture should report nothing; it reported:\n"
          + "\n".join(guarded.findings.values()))
    ok = False
  print(f"self-test: {'ok' if ok else 'FAILED'} ({len(unguarded.findings)} findings in the unguarded fixture, "
        f"{len(guarded.findings)} in the guarded one)")
  return 0 if ok else 1


if __name__ == "__main__":
  if sys.argv[1:] == ["--self-test"]:
    sys.exit(self_test())
  sys.exit(run_library())
