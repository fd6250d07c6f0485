package dl2.simulation.world;

import static dl2.simulation.world.WorldFixtures.Job;
import static dl2.simulation.world.WorldFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seeded randomised invariants of the realistic world with the committed parameters. */
class RealisticWorldPropertiesTest {
  private static final WorldParameters COMMITTED = RealisticWorld.calibrated().parameters();

  @Test
  void anotherJobsTaskNeverSpeedsAJobUp() {
    Rng rng = new Rng(7);
    for (int trial = 0; trial < 300; trial++) {
      List<Job> jobs = randomJobs(rng, 1 + rng.nextInt(4), 4);
      double[] before = run(COMMITTED, trial).fullSlotEpochs(trial, jobs);
      // One more job with one worker and one PS somewhere on the same nodes (ids stay ascending).
      List<Job> more = new ArrayList<>(jobs);
      more.add(
          Job.of(100, randomType(rng), new int[] {rng.nextInt(4)}, new int[] {rng.nextInt(4)}));
      double[] after = run(COMMITTED, trial).fullSlotEpochs(trial, more);
      for (int i = 0; i < jobs.size(); i++) {
        assertThat(after[i])
            .as("trial %d job %d", trial, jobs.get(i).id())
            .isLessThanOrEqualTo(before[i]);
      }
    }
  }

  @Test
  void aJobsProgressDependsOnlyOnTheSeedItsIdTheSlotAndWhoShareItsNodes() {
    Job job = Job.of(5, JobType.SEQ2SEQ, new int[] {0, 1}, new int[] {2});
    Job elsewhere = Job.of(6, JobType.VGG_16, new int[] {7}, new int[] {8});
    double alone = run(COMMITTED, 11).fullSlotEpochs(3, List.of(job))[0];
    assertThat(run(COMMITTED, 11).fullSlotEpochs(3, List.of(job, elsewhere))[0]).isEqualTo(alone);
    assertThat(run(COMMITTED, 11).fullSlotEpochs(3, List.of(job))[0]).isEqualTo(alone);
    assertThat(run(COMMITTED, 12).fullSlotEpochs(3, List.of(job))[0]).isNotEqualTo(alone);
    assertThat(run(COMMITTED, 11).fullSlotEpochs(4, List.of(job))[0]).isNotEqualTo(alone);
  }

  @Test
  void multipliersFollowTheCalibratedSpreadsAndCorrelation() {
    int n = 20_000;
    double[] logCompute = new double[n];
    double[] logRatio = new double[n];
    for (int id = 0; id < n; id++) {
      JobMultipliers m = JobMultipliers.draw(COMMITTED, 99, id);
      logCompute[id] = Math.log(m.compute());
      logRatio[id] = Math.log(m.communication() / m.compute());
    }
    // Standard errors at n = 20 000 are about 0.5 % of an SD and 0.007 of a correlation.
    assertThat(sd(logCompute))
        .isCloseTo(COMMITTED.throughputLogSd(), within(0.02 * COMMITTED.throughputLogSd()));
    assertThat(sd(logRatio))
        .isCloseTo(COMMITTED.commRatioLogSd(), within(0.02 * COMMITTED.commRatioLogSd()));
    assertThat(correlation(logCompute, logRatio)).isCloseTo(COMMITTED.correlation(), within(0.03));
    assertThat(mean(logCompute)).isCloseTo(0, within(0.02));
  }

  @Test
  void slotFluctuationFollowsTheCalibratedSpread() {
    Job job = Job.of(1, JobType.RESNET_50, new int[] {0}, new int[] {1});
    RealisticRun world = run(COMMITTED, 5);
    double isolated = world.dryRunEpochsPerSlot(1, JobType.RESNET_50, 1, 1);
    int slots = 20_000;
    double[] logFactor = new double[slots];
    for (int slot = 0; slot < slots; slot++) {
      logFactor[slot] = Math.log(world.fullSlotEpochs(slot, List.of(job))[0] / isolated);
    }
    assertThat(sd(logFactor))
        .isCloseTo(COMMITTED.fluctuationLogSd(), within(0.02 * COMMITTED.fluctuationLogSd()));
    assertThat(mean(logFactor)).isCloseTo(0, within(0.002));
  }

  private static List<Job> randomJobs(Rng rng, int count, int nodes) {
    List<Job> jobs = new ArrayList<>();
    for (int id = 1; id <= count; id++) {
      int[] workers = new int[1 + rng.nextInt(3)];
      int[] ps = new int[1 + rng.nextInt(3)];
      for (int i = 0; i < workers.length; i++) {
        workers[i] = rng.nextInt(nodes);
      }
      for (int i = 0; i < ps.length; i++) {
        ps[i] = rng.nextInt(nodes);
      }
      jobs.add(Job.of(id, randomType(rng), workers, ps));
    }
    return jobs;
  }

  private static JobType randomType(Rng rng) {
    return JobType.values()[rng.nextInt(JobType.values().length)];
  }

  private static double mean(double[] x) {
    double sum = 0;
    for (double v : x) {
      sum += v;
    }
    return sum / x.length;
  }

  private static double sd(double[] x) {
    double m = mean(x);
    double squares = 0;
    for (double v : x) {
      squares += (v - m) * (v - m);
    }
    return Math.sqrt(squares / (x.length - 1));
  }

  private static double correlation(double[] x, double[] y) {
    double mx = mean(x);
    double my = mean(y);
    double xy = 0;
    double xx = 0;
    double yy = 0;
    for (int i = 0; i < x.length; i++) {
      xy += (x[i] - mx) * (y[i] - my);
      xx += (x[i] - mx) * (x[i] - mx);
      yy += (y[i] - my) * (y[i] - my);
    }
    return xy / Math.sqrt(xx * yy);
  }
}
