import Foundation
import Testing
import TestSupport

/// The scale-out recipes of docs/scale-out.md, run as written (Tests/Engines/recipes, the Kubernetes
/// manifest) on a tree of 2,000 hard links of the corpus with odd names, one unreadable file, a
/// folder of mode 000 (a lost+found: one path, reported unreadable; run as root, the scripts drop
/// the capabilities that would read it) and a dangling link (skipped), four times into one
/// results folder: with a depthcheck killed by SIGKILL on one part
/// (nothing published, nothing left), with the binary (one folder, its manifest.tsv and the
/// parts it lists: one result per path, each path once, every verdict and finding rule as a
/// single process gives them), again over it (the same), and with a depthcheck that loses a
/// record and exits 0 (the published folder kept as it was). Each engine is skipped, saying
/// what is missing, where it is not installed; `make test` installs GNU parallel, Dask and
/// PyYAML, and PySpark where Java is.
@Suite(.serialized) struct EngineRecipeTests {
    /// Runs `Tests/Engines/<script>` with this build's binary and package.
    static func run(_ script: String, _ arguments: String...) throws -> Tools.Result {
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK_BIN"] = Tools.depthcheck
        env["DEPTHCHECK_PYTHON_DIR"] = TestData.packageRoot + "/python"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return try Tools.run(Tools.pyenvPath, [TestData.packageRoot + "/Tests/Engines/" + script] + arguments + ["--count", "2000"],
                             environment: env)
    }

    /// Exit 0, and the summary line of `label`: `paths` paths and as many results whose
    /// verdicts match, published in `parts` (the parts' sizes, largest first; nil where they
    /// depend on the tree's location: Spark's byte splits, the shards' hashes), after the
    /// runs that must publish nothing. `retried`: a depthcheck killed once was run again.
    static func expectPublished(_ r: Tools.Result, _ label: String, paths: Int = 2002, parts: String?,
                                retried: Bool, note: String = "") {
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        let head = "\(label): \(paths) paths, \(paths) results, verdicts match ("
        let tail = " paths; a killed depthcheck: nothing published; " + (retried ? "killed once: run again; " : "")
            + "re-run: the same; a record dropped: the published result kept" + note + ")"
        let lines = r.text.split(separator: "\n").map(String.init)
        if let parts {
            #expect(lines.contains(head + parts + tail), "\(r.text)\(r.stderr)")
        } else {
            #expect(lines.contains { $0.hasPrefix(head) && $0.hasSuffix(tail) }, "\(r.text)\(r.stderr)")
        }
    }

    /// GNU parallel, not moreutils' parallel of the same name.
    static let gnuParallelOnPath = TestInput("GNU parallel on PATH", isAvailable: Tools.which("parallel").flatMap {
        try? Tools.run($0, ["--version"]).text.hasPrefix("GNU parallel")
    } == true)

    /// The spark-shell that the pyspark package ships, which runs the Scala recipe.
    static let pysparkShell = TestInput("spark-shell in the pyspark package of .build/pyenv", isAvailable:
        (try? Tools.run(Tools.pyenvPath, ["-c", "import os, sys, pyspark; "
            + "sys.exit(not os.access(os.path.join(os.path.dirname(pyspark.__file__), 'bin', 'spark-shell'), os.X_OK))"]))?.status == 0)

    @Test(.requires(.pillowHEIF, .tool("xargs"))) func xargs() throws {
        Self.expectPublished(try Self.run("xargs_check.py"), "xargs", parts: "5 parts of 500 500 500 500 2", retried: false)
    }

    /// The killed depthcheck halts the run: parallel exits with its job's status (--halt now,fail=1).
    @Test(.requires(.pillowHEIF, EngineRecipeTests.gnuParallelOnPath)) func gnuParallel() throws {
        Self.expectPublished(try Self.run("parallel_check.py"), "parallel", parts: "5 parts of 500 500 500 500 2", retried: false,
                             note: "; a killed job halts the run: exit 137")
    }

    /// check_partition runs a part whose depthcheck was killed once more.
    @Test(.requires(.pythonModules("dask.bag", "distributed"))) func dask() throws {
        let r = try Self.run("dask_check.py")
        Self.expectPublished(r, "dask (LocalCluster)", parts: "5 parts of 500 500 500 500 2", retried: true)
        Self.expectPublished(r, "dask (remote Client)", parts: "5 parts of 500 500 500 500 2", retried: true)
    }

    @Test(.requires(.tool("java"), .pythonModules("pyspark"))) func pySpark() throws {
        Self.expectPublished(try Self.run("spark_check.py", "pyspark"), "spark (PySpark local[2])",
                             parts: "5 parts of 500 500 500 500 2", retried: true)
    }

    /// A line list cannot carry the names with a newline or a byte that is not UTF-8; the
    /// recipe says to use the PySpark one for those.
    @Test(.requires(.tool("java"), .pythonModules("pyspark"), EngineRecipeTests.pysparkShell)) func sparkPipe() throws {
        Self.expectPublished(try Self.run("spark_check.py", "pipe"), "spark (Scala rdd.pipe)", paths: 2000, parts: nil,
                             retried: false, note: "; 2 names a line list cannot carry left out")
    }

    /// The Job retries an index once (backoffLimitPerIndex), so a depthcheck killed once is
    /// run again there too, and so is an index killed while it publishes, which then finishes.
    @Test(.requires(.pythonModules("yaml"))) func kubernetesIndexedJob() throws {
        let r = try Self.run("kubernetes_check.py")
        Self.expectPublished(r, "kubernetes (8 indexes)", parts: nil, retried: true)
        let finished = "kubernetes (8 indexes): an index killed while publishing (after taking the staging folder, after moving "
            + "the older result aside, after the rename that publishes) is run again and the Job completes with this run's result"
        #expect(r.text.split(separator: "\n").map(String.init).contains(finished), "\(r.text)\(r.stderr)")
    }

    /// docs/scale-out.md quotes every recipe file byte for byte, so what it shows is what ran.
    @Test func theScaleOutPageQuotesTheRecipesAsTheyRun() throws {
        let root = TestData.packageRoot
        let readme = try #require(FileBytes.text(root + "/docs/scale-out.md"))
        let files = ["Tests/Engines/recipes/xargs.sh", "Tests/Engines/recipes/parallel.sh", "Tests/Engines/recipes/dask_local.py",
                     "Tests/Engines/recipes/dask_remote.py", "Tests/Engines/recipes/spark_local.py",
                     "Tests/Engines/recipes/spark_pipe.scala", "deploy/kubernetes/depthcheck-job.yaml"]
        for f in files {
            let text = try #require(FileBytes.text(root + "/" + f))
            #expect(readme.contains("\n" + text.trimmingCharacters(in: .newlines) + "\n```"), "docs/scale-out.md does not quote \(f)")
        }
    }
}
