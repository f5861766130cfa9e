// Spark (Scala): rdd.pipe starts one depthcheck per partition and writes the partition's
// paths to its standard input, one per line; each JSON Lines result comes back as an
// element. The Map is the environment of each depthcheck process. Every executor needs
// depthcheck at this absolute path, and the photos and the list at the same paths (a shared
// file system, or the list on HDFS). The paths travel as lines of UTF-8 text, so a name
// with a newline, or one that is not UTF-8, cannot be listed: use the PySpark recipe for
// those. saveAsTextFile refuses an existing output folder. The list, one path a line, the
// files check -r would check:
//   depthcheck list --all-names /photos > /lists/paths.txt
val paths = sc.textFile("/lists/paths.txt", 8)
val results = paths.pipe(
  Seq("/usr/local/bin/depthcheck", "check", "--files-from", "-", "--format", "jsonl", "--fail-on", "never"),
  Map("LC_ALL" -> "C.UTF-8"))
results.saveAsTextFile("/results/spark-pipe")
