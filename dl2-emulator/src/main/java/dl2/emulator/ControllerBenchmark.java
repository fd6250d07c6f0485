package dl2.emulator;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ProgressReporter;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.SlotController;
import dl2.kubernetes.controller.SlotReport;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One controller slot at scale, against the in-process API server: the jobs of {@code trace} (all
 * present from slot 0) on the cluster. Times three slots: the first (admits every job and creates
 * every pod), a steady one (nothing changed, nothing to do), and one after half the jobs finished
 * (their pods go, the others grow).
 */
public final class ControllerBenchmark {
  /** The three measured slots. */
  public record Result(SlotReport first, SlotReport steady, SlotReport resize) {}

  private ControllerBenchmark() {}

  public static Result run(
      ClusterSpec cluster,
      Trace trace,
      int taskCap,
      int slotSeconds,
      SpeedModel speed,
      Supplier<Scheduler> scheduler) {
    try (MockCluster api = new MockCluster(cluster)) {
      for (JobSpec job : trace.jobs()) {
        api.createJob(ClusterEmulator.NAMESPACE, job, EmulatedTraining.jobName(job));
      }
      EmulatedClock clock = new EmulatedClock(ClusterEmulator.ORIGIN);
      SlotController controller =
          new SlotController(
              api.newControllerClient(),
              new ControllerConfig(ClusterEmulator.NAMESPACE, slotSeconds, taskCap, speed),
              scheduler.get(),
              clock,
              ApiRetry.standard());
      SlotReport first = controller.reconcile();
      clock.set(ClusterEmulator.ORIGIN.plusSeconds(slotSeconds));
      SlotReport steady = controller.reconcile();
      ProgressReporter reporter =
          new ProgressReporter(api.client(), ClusterEmulator.NAMESPACE, ApiRetry.standard());
      List<JobSpec> jobs = new ArrayList<>(trace.jobs());
      Instant finished =
          ClusterEmulator.ORIGIN.plus(Duration.ofSeconds(slotSeconds + slotSeconds / 2));
      for (int i = 0; i < jobs.size(); i += 2) {
        reporter.report(EmulatedTraining.jobName(jobs.get(i)), jobs.get(i).realEpochs(), finished);
      }
      clock.set(ClusterEmulator.ORIGIN.plusSeconds(2L * slotSeconds));
      SlotReport resize = controller.reconcile();
      return new Result(first, steady, resize);
    }
  }
}
