"""The build: ``kickoff.core`` and the exact solver compiled with mypyc, or the pure-Python package.

The project's metadata is in ``pyproject.toml``; this file only adds the compiled modules.

- ``pip install .`` compiles every module matched by :data:`COMPILED` with mypyc (``mypy``: the
  build backend, build_backend/kickoff_build.py, asks for it for a wheel's build, not for an
  editable install's) when a C compiler is present, and says so on the terminal when it starts (pip
  shows a build's own output only with ``-v``: the line goes to ``/dev/tty`` too), with how to
  skip it. Without one, or if mypyc or the C compiler fails, it
  installs the pure-Python package and says so in one line of the build log (``pip install -v .``
  shows it); ``kickoff --version`` tells which build is installed.
- ``KICKOFF_NO_COMPILE=1 pip install .`` asks for the pure-Python package.
- Editable installs (``pip install -e .``) are always pure Python: compiled modules next to the
  sources would hide every edit until the next build.

Both builds run the same source, so they give the same results (``tests/test_builds.py`` checks it).
The ``.py`` files are installed beside the compiled modules (tracebacks and ``inspect`` use them);
Python imports the compiled module when both are there.
"""

from __future__ import annotations

import os
import runpy
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from glob import glob
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
#: What mypyc compiles, as globs from the repository root: ``kickoff.core.compiled``'s list, which
#: ``kickoff.core.pickling`` reads too; loaded by its path (the package need not be installed).
COMPILED: tuple[str, ...] = runpy.run_path(
    str(ROOT / "src" / "kickoff" / "core" / "compiled.py"))["COMPILED"]
#: The commands that build the package (the others only read its metadata or sources).
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
#: mypy's settings for the compilation: the project's own ``[tool.mypy]`` (``--strict``, the
#: pydantic plugin) is for the checks (CI runs them), and the build environment has none of the
#: project's dependencies. The compiled modules themselves import only the standard library,
#: gmpy2 (which ships no types) and each other; but mypy follows their package's imports
#: (``kickoff.analysis`` imports the Monte Carlo, which imports NumPy where it draws seeds), so a
#: dependency missing here is read as untyped instead of failing the compile.
MYPY_CONFIG = "[mypy]\nignore_missing_imports = True\n"
#: mypyc's C as one file per module (``multi_file``), not one 45 MB file that one compiler process
#: builds while the other cores wait: the 77 files compile side by side (:data:`JOBS`), in less
#: CPU than the one file, and the compiled code runs as fast (docs/performance.md, "The compile on
#: every core").
MULTI_FILE = True
#: The C compiler's optimisation level (mypyc's ``opt_level``: ``-O3``, mypyc's default).
OPT_LEVEL = "3"
#: How many C compilers run at once: one per core (``os.cpu_count``).
JOBS = os.cpu_count() or 1
#: Where :func:`_tell` writes for the person running pip: the terminal, when there is one.
TTY = "/dev/tty"


def _say(message: str) -> None:
    """``message`` in the build log (stderr): pip shows it with ``-v``, or when the build fails."""
    print(f"kickoff build: {message}", file=sys.stderr, flush=True)


def _tell(message: str) -> None:
    """``message`` where the person running ``pip install .`` sees it: pip hides a build's output
    (stdout and stderr) unless ``-v``, so the message also goes to the terminal itself
    (``/dev/tty``) when there is one; and to the build log, as :func:`_say`."""
    _say(message)
    try:
        with open(TTY, "a", encoding="utf-8") as tty:  # no terminal (CI): not there
            tty.write(f"\nkickoff build: {message}\n")
    except OSError:
        pass


def _brief(exc: BaseException) -> str:
    """The error in a few words (mypy and the compiler print the details above)."""
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text[:80]}" if text else type(exc).__name__


def compile_requested() -> bool:
    """False when ``KICKOFF_NO_COMPILE`` is set to anything but ``""`` or ``0``."""
    return os.environ.get("KICKOFF_NO_COMPILE", "") in ("", "0")


def c_compiler() -> str | None:
    """The C compiler Python's build would call, if it is on the ``PATH``."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0])


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make ``compiler.compile`` (distutils' ``CCompiler``) run up to ``jobs`` compilers at once
    over one extension's C files, the largest file first (the shared library's files, one per
    module): distutils compiles an extension's files one after the other. Only a ``unix``
    compiler (GCC, Clang: it compiles each file with ``_compile``); another one keeps its own
    ``compile``. An error stops the build as distutils' own (``CompileError``)."""
    if compiler.compiler_type != "unix" or jobs < 2:
        return

    def compile(sources: list[str], output_dir: str | None = None, macros: Any = None,
                include_dirs: Any = None, debug: bool = False, extra_preargs: Any = None,
                extra_postargs: Any = None, depends: Any = None) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        todo = sorted((obj for obj in objects if obj in build),
                      key=lambda obj: -os.path.getsize(build[obj][0]))

        def one(obj: str) -> None:
            source, ext = build[obj]
            compiler._compile(obj, source, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, todo))
        return list(objects)

    compiler.compile = compile


def compiled_sources() -> list[str]:
    """The modules to compile, relative to the repository root, sorted."""
    return sorted({p for pattern in COMPILED for p in glob(pattern, root_dir=ROOT, recursive=True)})


class BinaryDistribution(Distribution):
    """A distribution that has compiled modules unless the pure package was asked for (the
    modules themselves are listed only when ``build_ext`` runs, so that reading the metadata
    never runs mypyc)."""

    def has_ext_modules(self) -> bool:
        return compile_requested()


class MypycBuildExt(build_ext):
    """``build_ext`` that compiles :data:`COMPILED` with mypyc, falling back to the pure package."""

    def _extensions(self) -> list[Any]:
        if self.editable_mode or not compile_requested():
            return []
        if c_compiler() is None:
            _say("no C compiler found: installing the pure-Python package (slower, same results)")
            return []
        _tell(f"compiling {len(compiled_sources())} modules (the rules core and the exact solver) "
              f"with mypyc on {JOBS} core(s): about two minutes of CPU. KICKOFF_NO_COMPILE=1 "
              "pip install . skips it (the pure-Python package: slower, the same results)")
        build_temp = (ROOT / "build" / "mypyc").resolve()
        build_temp.mkdir(parents=True, exist_ok=True)
        config = build_temp / "mypy.ini"
        config.write_text(MYPY_CONFIG)
        try:
            from mypyc.build import mypycify

            cwd = os.getcwd()
            os.chdir(ROOT)
            try:
                return list(mypycify(["--config-file", str(config), *compiled_sources()],
                                     opt_level=OPT_LEVEL, multi_file=MULTI_FILE, group_name="kickoff",
                                     target_dir=str(build_temp)))
            finally:
                os.chdir(cwd)
        except (Exception, SystemExit) as exc:  # mypy reports its errors and exits
            _say(f"mypyc failed ({_brief(exc)}): installing the pure-Python package (slower, "
                 "same results)")
            return []

    def finalize_options(self) -> None:
        # Listing the sources for the metadata (dist_info, egg_info, sdist) finalizes this command
        # too: only a build runs mypyc.
        if BUILDS & set(self.distribution.commands):
            self.distribution.ext_modules = self._extensions()
        super().finalize_options()

    def build_extensions(self) -> None:
        # The shared library's C files on every core (compile_in_parallel), and the modules'
        # small extensions side by side with it (build_ext's own ``parallel``).
        compile_in_parallel(self.compiler, JOBS)
        self.parallel = self.parallel or JOBS
        super().build_extensions()

    def run(self) -> None:
        self._remove_compiled()
        if not self.extensions:
            return
        try:
            super().run()
        except (Exception, SystemExit) as exc:
            for output in self.get_outputs():  # no half-compiled package
                Path(output).unlink(missing_ok=True)
            _say(f"compiling failed ({_brief(exc)}): installing the pure-Python package "
                 "(slower, same results)")
            return
        _say(f"compiled {len(compiled_sources())} modules with mypyc")

    def _remove_compiled(self) -> None:
        """Remove compiled modules an earlier build left in the build directory, which setuptools
        reuses: a pure build must not ship them, nor a compiled one a module since removed."""
        root = Path(self.build_lib)
        for suffix in EXTENSION_SUFFIXES:
            for stale in [*root.glob(f"kickoff__mypyc{suffix}"), *(root / "kickoff").rglob(f"*{suffix}")]:
                stale.unlink()


setup(distclass=BinaryDistribution, cmdclass={"build_ext": MypycBuildExt})
