// Spark (Scala): rdd.pipe starts one depthcheck per partition and writes the partition's
// paths to its standard input, one per line; each JSON Lines result comes back as an
// element. The Map is the environment of each depthcheck process. Every executor needs
// depthcheck at this absolute path, and the photos and the list at the same paths (a shared
// file system, or the list on HDFS). The paths travel as lines of UTF-8 text, so a name
// with a newline, or one that is not UTF-8, cannot be listed: use the PySpark recipe for
// those. The list, one path a line, the files check -r would check (exit 3 when a path could
// not be read, a folder it cannot open: listed all the same, and checked as unreadable):
//   depthcheck list --all-names /photos > /lists/paths.txt
// All or nothing: Spark saves to /results/spark-pipe.tmp-RANDOM, which becomes
// /results/spark-pipe (replacing an older one only then), with manifest.tsv (part, paths
// in, records out), when each part holds one record per path of its partition; otherwise
// it is deleted and the shell exits 1. The Hadoop FileSystem does this on HDFS as on a disk.
// Run it with spark-shell -i spark_pipe.scala < /dev/null.
import org.apache.hadoop.fs.Path
import scala.io.Source

val out = new Path("/results/spark-pipe")
val staging = new Path(s"$out.tmp-${java.util.UUID.randomUUID}")
val fs = out.getFileSystem(sc.hadoopConfiguration)
try {
  val paths = sc.textFile("/lists/paths.txt", 8)
  val sizes = paths.mapPartitions(p => Iterator(p.size)).collect()
  paths.pipe(
    Seq("/usr/local/bin/depthcheck", "check", "--files-from", "-", "--format", "jsonl", "--fail-on", "never"),
    Map("LC_ALL" -> "C.UTF-8")).saveAsTextFile(staging.toString)
  val manifest = for ((size, i) <- sizes.zipWithIndex) yield {
    val part = f"part-$i%05d"
    val in = fs.open(new Path(staging, part))
    val records = try Source.fromInputStream(in, "UTF-8").getLines().size finally in.close()
    require(records == size, s"$part: $records records for $size paths")
    s"$part\t$size\t$records\n"
  }
  val file = fs.create(new Path(staging, "manifest.tsv"))
  try file.writeBytes("part\tpaths\trecords\n" + manifest.mkString) finally file.close()
  val old = new Path(s"$staging.old")
  if (fs.exists(out)) fs.rename(out, old)
  require(fs.rename(staging, out), s"cannot rename $staging to $out")
  fs.delete(old, true)
} catch {
  // The job's other tasks may still be writing into the staging folder: stop them first.
  case failure: Throwable => sc.stop(); fs.delete(staging, true); failure.printStackTrace(); sys.exit(1)
}
