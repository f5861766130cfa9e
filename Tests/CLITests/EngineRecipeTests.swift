import Foundation
import Testing
import TestSupport

/// The scale-out recipes of docs/scale-out.md, run as written (Tests/Engines/recipes, the Kubernetes
/// manifest) on a tree of 2,000 hard links of the corpus with odd names and one unreadable
/// file: one result per path, each path once, every verdict and finding rule as a single
/// process gives them. Each engine is skipped, saying what is missing, where it is not
/// installed; `make test` installs GNU parallel, Dask and PyYAML, and PySpark where Java is.
@Suite(.serialized) struct EngineRecipeTests {
    /// Runs `Tests/Engines/<script>` with this build's binary and package.
    static func run(_ script: String) throws -> Tools.Result {
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK_BIN"] = Tools.depthcheck
        env["DEPTHCHECK_PYTHON_DIR"] = TestData.packageRoot + "/python"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return try Tools.run(Tools.pyenvPath, [TestData.packageRoot + "/Tests/Engines/" + script, "--count", "2000"],
                             environment: env)
    }

    /// `LABEL: 2001 paths, 2001 results, verdicts match` for each label, and exit 0.
    static func expectAllResults(_ r: Tools.Result, _ labels: String...) {
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        for label in labels {
            #expect(r.text.contains("\(label): 2001 paths, 2001 results, verdicts match"), "\(r.text)\(r.stderr)")
        }
    }

    @Test(.requires(.pillowHEIF, .tool("xargs"))) func xargs() throws {
        Self.expectAllResults(try Self.run("xargs_check.py"), "xargs")
    }

    @Test(.requires(.pillowHEIF, .tool("parallel"))) func gnuParallel() throws {
        Self.expectAllResults(try Self.run("parallel_check.py"), "parallel")
    }

    @Test(.requires(.pythonModules("dask.bag", "distributed"))) func dask() throws {
        Self.expectAllResults(try Self.run("dask_check.py"), "dask (LocalCluster)", "dask (remote Client)")
    }

    @Test(.requires(.tool("java"), .pythonModules("pyspark"))) func spark() throws {
        let r = try Self.run("spark_check.py")
        Self.expectAllResults(r, "spark (PySpark local[2])")
        // A line list cannot carry the names with a newline or a byte that is not UTF-8; the
        // README says to use the PySpark recipe for those.
        #expect(r.text.contains("spark (Scala rdd.pipe): 1999 paths, 1999 results, verdicts match"), "\(r.text)")
    }

    @Test(.requires(.pythonModules("yaml"))) func kubernetesIndexedJob() throws {
        Self.expectAllResults(try Self.run("kubernetes_check.py"), "kubernetes (8 indexes)")
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
