package dl2.report;

import dl2.io.AtomicFiles;
import dl2.simulation.SlotRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The per-job table and the per-slot cluster log of scheduler runs as CSV (columns in
 * docs/report.md): rows by scheduler in run order, then trace, then job id or slot. Numbers are
 * written in full precision; a value that was not recorded is an empty cell.
 */
public final class RunCsv {
  /** The jobs' and the slots' file in a report directory. */
  public static final String JOBS_FILE = "jobs.csv";

  public static final String SLOTS_FILE = "slots.csv";

  public static final List<String> JOB_COLUMNS =
      List.of(
          "trace",
          "scheduler",
          "job_id",
          "job_type",
          "arrival_slot",
          "first_start_slot",
          "finish_time",
          "jct",
          "waiting",
          "slots_run",
          "mean_ps",
          "mean_workers");
  public static final List<String> SLOT_COLUMNS =
      List.of(
          "trace",
          "scheduler",
          "slot",
          "jobs_outstanding",
          "jobs_running",
          "jobs_arrived",
          "jobs_completed",
          "ps_allocated",
          "workers_allocated",
          "cpu_utilisation",
          "gpu_utilisation");

  private RunCsv() {}

  public static String jobs(List<SchedulerRun> runs) {
    List<List<Object>> rows = new ArrayList<>();
    for (SchedulerRun run : runs) {
      for (TraceOutcome trace : run.traces()) {
        for (JobOutcome job : trace.jobs()) {
          boolean usage = job.hasUsage();
          rows.add(
              List.of(
                  trace.name(),
                  run.scheduler(),
                  job.id(),
                  job.type(),
                  job.arrivalSlot(),
                  job.firstStartSlot(),
                  job.finishTime(),
                  job.jctSlots(),
                  job.waitingSlots(),
                  usage ? job.slotsRun() : "",
                  usage ? job.meanParameterServers() : "",
                  usage ? job.meanWorkers() : ""));
        }
      }
    }
    return print(JOB_COLUMNS, rows);
  }

  /** The cluster log; traces run without one (e.g. on the emulator) contribute no rows. */
  public static String slots(List<SchedulerRun> runs) {
    List<List<Object>> rows = new ArrayList<>();
    for (SchedulerRun run : runs) {
      for (TraceOutcome trace : run.traces()) {
        for (SlotRecord slot : trace.slotLog()) {
          rows.add(
              List.of(
                  trace.name(),
                  run.scheduler(),
                  slot.slot(),
                  slot.jobsOutstanding(),
                  slot.jobsRunning(),
                  slot.jobsArrived(),
                  slot.jobsCompleted(),
                  slot.parameterServers(),
                  slot.workers(),
                  slot.stats().cpuUtilisation(),
                  slot.stats().gpuUtilisation()));
        }
      }
    }
    return print(SLOT_COLUMNS, rows);
  }

  private static String print(List<String> columns, List<List<Object>> rows) {
    StringBuilder out = new StringBuilder();
    CSVFormat format =
        CSVFormat.DEFAULT
            .builder()
            .setRecordSeparator('\n')
            .setHeader(columns.toArray(String[]::new))
            .get();
    try (CSVPrinter printer = new CSVPrinter(out, format)) {
      for (List<Object> row : rows) {
        printer.printRecord(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot format CSV", e);
    }
    return out.toString();
  }

  /** Writes DIR/jobs.csv and DIR/slots.csv (a report directory being built). */
  public static void writeInto(List<SchedulerRun> runs, Path dir) throws IOException {
    AtomicFiles.writeString(dir.resolve(JOBS_FILE), jobs(runs));
    AtomicFiles.writeString(dir.resolve(SLOTS_FILE), slots(runs));
  }
}
