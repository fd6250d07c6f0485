package dl2.schedulers.tetris;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.slot.ClusterSlot;
import dl2.slot.ClusterState;
import dl2.slot.JobLedger;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.slot.TaskPlacement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Tetris} against {@link PlainTetris} where the simulator seldom goes: remaining fractions
 * one ulp apart (scores equal by rounding, so a job of less work but a lower id must win), jobs
 * past their estimates (no work left), nodes whose free fractions are not dyadic (the mean
 * alignment summed job by job), jobs leaving without having run. Jobs are hand-made with any
 * progress; in lock step over several slots, both must place every bundle alike.
 */
class TetrisExactnessTest {
  /** Epochs done, all of E = 1: near-equal values an ulp apart, none, all, and more than all. */
  private static final double[] PROGRESS = {
    0,
    0.3,
    Math.nextUp(0.3),
    Math.nextUp(Math.nextUp(0.3)),
    Math.nextDown(0.3),
    0.6,
    Math.nextUp(0.6),
    Math.nextDown(0.6),
    0.45,
    Math.nextUp(0.45),
    1,
    1.5
  };

  private static final ClusterSpec[] NODES = {
    new ClusterSpec(3, 8, 2), new ClusterSpec(3, 12, 3), new ClusterSpec(4, 10, 3)
  };

  static LongStream seeds() {
    return LongStream.range(1, 41);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void placesEveryBundleAsScoringEveryJob(long seed) {
    Rng rng = new Rng(seed);
    ClusterSpec spec = NODES[rng.nextIntInclusive(0, NODES.length - 1)];
    World fast = new World(spec);
    World plain = new World(spec);
    Tetris tetris = new Tetris();
    PlainTetris reference = new PlainTetris();
    int nextId = 0;
    for (int slot = 0; slot < 6; slot++) {
      int arrivals = rng.nextIntInclusive(slot == 0 ? 8 : 0, 12);
      for (int a = 0; a < arrivals; a++) {
        int id = nextId + rng.nextIntInclusive(1, 5);
        nextId = id;
        JobType type = rng.nextDouble() < 0.7 ? JobType.RESNET_50 : JobType.DSSM;
        int cap = rng.nextIntInclusive(1, 3);
        double progress = PROGRESS[rng.nextIntInclusive(0, PROGRESS.length - 1)];
        fast.arrive(id, type, cap, progress);
        plain.arrive(id, type, cap, progress);
      }
      SlotContext fastSlot = fast.slot(slot, spec);
      SlotContext plainSlot = plain.slot(slot, spec);
      if (rng.nextDouble() < 0.3) { // some jobs hold a task before Tetris runs
        int id = fast.anyId(rng);
        fastSlot.tryAdd(fast.jobs.get(id), Task.BUNDLE);
        plainSlot.tryAdd(plain.jobs.get(id), Task.BUNDLE);
      }
      tetris.schedule(fastSlot);
      reference.schedule(plainSlot);
      assertThat(fast.placements(fastSlot))
          .as("slot %d", slot)
          .isEqualTo(plain.placements(plainSlot));
      for (int id :
          new ArrayList<>(fast.jobs.keySet())) { // only jobs that ran progress; any may leave
        double progress = PROGRESS[rng.nextIntInclusive(0, PROGRESS.length - 1)];
        boolean leaves = rng.nextDouble() < 0.15;
        fast.endSlot(id, progress, leaves);
        plain.endSlot(id, progress, leaves);
      }
    }
  }

  /** Hand-made outstanding jobs, by id, and the slot host over them. */
  private static final class World implements ClusterSlot.Host {
    final TreeMap<Integer, SlotJob> jobs = new TreeMap<>();
    final ClusterSpec spec;

    World(ClusterSpec spec) {
      this.spec = spec;
    }

    /** A job of estimate E = 1 with whatever progress the test gives it, at most cap tasks. */
    void arrive(int id, JobType type, int cap, double progress) {
      jobs.put(
          id,
          new SlotJob(
              this,
              null,
              JobSpec.exact(id, type, 0, 1),
              spec,
              cap,
              JobLedger.restored(progress, 0, -1)));
    }

    int anyId(Rng rng) {
      List<Integer> ids = new ArrayList<>(jobs.keySet());
      return ids.get(rng.nextIntInclusive(0, ids.size() - 1));
    }

    SlotContext slot(int slot, ClusterSpec spec) {
      return new ClusterSlot(this, slot, 3, new ClusterState(spec));
    }

    /** The job progresses if it held tasks, then leaves or has its tasks released. */
    void endSlot(int id, double progress, boolean leaves) {
      SlotJob job = jobs.get(id);
      if (job.running()) {
        job.setLedger(JobLedger.restored(progress, 0, -1));
      }
      if (leaves) {
        jobs.remove(id);
      } else {
        job.clearAllocation();
      }
    }

    List<String> placements(SlotContext slot) {
      List<String> lines = new ArrayList<>();
      jobs.values()
          .forEach(
              j ->
                  lines.add(
                      "job " + j.id() + ": " + j.workers() + "w/" + j.parameterServers() + "ps"));
      for (int node = 0; node < slot.cluster().nodeCount(); node++) {
        lines.add("node " + node + ": " + slot.cluster().used(node));
      }
      return lines;
    }

    @Override
    public boolean isOpen(int slot) {
      return true;
    }

    @Override
    public TaskPlacement placementOf(JobView job) {
      return ((SlotJob) job).placement();
    }

    @Override
    public List<JobView> jobs() {
      return List.copyOf(jobs.values());
    }

    @Override
    public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
      throw new UnsupportedOperationException("Tetris asks for no dry run");
    }
  }
}
