package dl2.cli;

import dl2.io.OutputPaths;
import dl2.output.OwnFile;
import dl2.report.RunCsv;
import dl2.report.SchedulerRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Per-job and per-slot CSV exports of simulate and compare (columns in docs/report.md). */
public final class ExportOptions {

  @Option(
      names = "--jobs-csv",
      paramLabel = "FILE",
      description =
          "Write one row per job and scheduler: arrival, first start, finish, JCT, waiting, slots run, mean PS and workers.")
  Path jobsCsv;

  @Option(
      names = "--slots-csv",
      paramLabel = "FILE",
      description =
          "Write the per-slot cluster log: jobs outstanding, running, arrived and completed; PS and workers allocated; "
              + "CPU and GPU utilisation.")
  Path slotsCsv;

  @Option(
      names = "--force",
      description =
          "Replace an existing output file that dl2 did not write (otherwise refused; a file dl2 wrote as"
              + " the same kind is replaced without it).")
  boolean force;

  static final OwnFile JOBS = OwnFile.csv("a jobs CSV", RunCsv.JOB_COLUMNS);
  static final OwnFile SLOTS = OwnFile.csv("a slots CSV", RunCsv.SLOT_COLUMNS);

  /**
   * Fails, before any simulation, if a requested file cannot be written (a directory, under a file,
   * ...).
   */
  void check() {
    if (jobsCsv != null) {
      JOBS.checkReplaceable("--jobs-csv", jobsCsv, force);
    }
    if (slotsCsv != null) {
      SLOTS.checkReplaceable("--slots-csv", slotsCsv, force);
    }
  }

  /**
   * Writes the requested files (and, with {@code dir}, DIR/jobs.csv and DIR/slots.csv); returns
   * what was written.
   */
  List<Path> write(List<SchedulerRun> runs, Path dir) {
    List<Path> written = new ArrayList<>();
    String jobs = null;
    String slots = null;
    for (Path file : targets(jobsCsv, dir, RunCsv.JOBS_FILE)) {
      jobs = jobs != null ? jobs : RunCsv.jobs(runs);
      OutputPaths.writeText(file, jobs);
      written.add(file);
    }
    for (Path file : targets(slotsCsv, dir, RunCsv.SLOTS_FILE)) {
      slots = slots != null ? slots : RunCsv.slots(runs);
      OutputPaths.writeText(file, slots);
      written.add(file);
    }
    return written;
  }

  /** Prints "wrote FILE" for each written file. */
  static void report(List<Path> written, PrintWriter out) {
    written.forEach(file -> out.println("wrote " + file));
  }

  private static List<Path> targets(Path file, Path dir, String name) {
    List<Path> targets = new ArrayList<>();
    if (file != null) {
      targets.add(file);
    }
    if (dir != null
        && (file == null
            || !file.toAbsolutePath()
                .normalize()
                .equals(dir.resolve(name).toAbsolutePath().normalize()))) {
      targets.add(dir.resolve(name));
    }
    return targets;
  }
}
