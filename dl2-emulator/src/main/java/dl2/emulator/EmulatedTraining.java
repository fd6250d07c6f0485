package dl2.emulator;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.api.ProgressReporter;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SlotStats;
import dl2.simulation.world.GpuTypedWorld;
import dl2.simulation.world.World;
import dl2.simulation.world.WorldRun;
import dl2.slot.JobLedger;
import dl2.slot.PlacedJob;
import dl2.slot.ProgressStep;
import dl2.slot.ScalingCost;
import dl2.speed.SpeedModel;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The emulated training jobs of a trace: each job's DL2Job is created at its arrival slot, and
 * after every slot each job trains for one slot at the speed the simulator's world gives the tasks
 * it really has, on the nodes they run on (dl2-spec §3.3; the realistic world also uses where they
 * are, and each node's GPU type its label gives), and reports through the progress contract, with
 * {@code finishedAt} at fraction φ of the slot once it reaches E*. The tasks are its pods, or the
 * counts on its Volcano or Indexed Job, whose pods another scheduler would place: the emulator
 * spreads those least-loaded first. Also checks that no node (pods) or the cluster (job objects) is
 * ever overcommitted.
 */
final class EmulatedTraining {
  private final MockCluster cluster;
  private final KubernetesClient client;
  private final String namespace;
  private final Trace trace;
  private final WorldRun world;
  private final int slotSeconds;
  private final NodeInventory nodes;
  private final ProgressReporter reporter;
  private final Map<String, JobSpec> created = new TreeMap<>();

  /**
   * What each created job has trained so far: the one carry-over rule of every slot (JobLedger).
   */
  private final Map<String, JobLedger> ledgers = new TreeMap<>();

  private final ScalingCost scalingCost;
  private final DriverKind driver;
  private final List<String> overcommitted = new ArrayList<>();
  private int nextArrival;
  private int finished;
  private int running;
  private boolean ranLastSlot;
  private final EmulatedTasks clusterTasks;

  /** A job's pods this slot: the node of each worker and each parameter server. */
  private record PodsOfJob(int id, JobType type, List<Integer> workerNodes, List<Integer> psNodes)
      implements PlacedJob {
    @Override
    public int workers() {
      return workerNodes.size();
    }

    @Override
    public int parameterServers() {
      return psNodes.size();
    }

    @Override
    public int workerNode(int i) {
      return workerNodes.get(i);
    }

    @Override
    public int psNode(int i) {
      return psNodes.get(i);
    }
  }

  EmulatedTraining(
      MockCluster cluster,
      String namespace,
      Trace trace,
      World world,
      SpeedModel speed,
      long worldSeed,
      int slotSeconds,
      ScalingCost scalingCost,
      DriverKind driver) {
    this.scalingCost = scalingCost;
    this.driver = driver;
    this.cluster = cluster;
    this.client = cluster.client();
    this.namespace = namespace;
    this.trace = trace;
    this.slotSeconds = slotSeconds;
    this.nodes = NodeInventory.of(client.nodes().list().getItems());
    // GPU types by the nodes' labels, in the inventory's order, which is what pods' nodes are
    // looked up in: a node the inventory leaves out shifts no other node's type.
    this.world = GpuTypedWorld.over(world, nodes.spec()).start(speed, slotSeconds, 0, worldSeed);
    this.reporter = new ProgressReporter(client, namespace, ApiRetry.standard());
    this.clusterTasks = new EmulatedTasks(client, namespace, nodes, driver, created, overcommitted);
  }

  static String jobName(JobSpec job) {
    return String.format("job-%05d", job.id());
  }

  /** Creates the DL2Jobs of every job arriving by {@code slot}, in (arrival, id) order. */
  void createArrivals(int slot) {
    List<JobSpec> ordered =
        trace.jobs().stream()
            .sorted(
                (a, b) ->
                    a.arrivalSlot() != b.arrivalSlot()
                        ? Integer.compare(a.arrivalSlot(), b.arrivalSlot())
                        : Integer.compare(a.id(), b.id()))
            .toList();
    while (nextArrival < ordered.size() && ordered.get(nextArrival).arrivalSlot() <= slot) {
      JobSpec job = ordered.get(nextArrival++);
      cluster.createJob(namespace, job, jobName(job));
      created.put(jobName(job), job);
      ledgers.put(jobName(job), JobLedger.NEW);
    }
  }

  /**
   * Trains every job for slot {@code slot} (which began at {@code slotStart}) with the pods it
   * holds.
   */
  SlotStats train(int slot, Instant slotStart) {
    Map<String, int[]> tasks = new TreeMap<>();
    Map<String, List<List<Integer>>> placements = new TreeMap<>();
    int[] used = clusterTasks.read(slot, tasks, placements);
    Map<String, Integer> training = new TreeMap<>(); // job name → its index in placed
    List<PodsOfJob> placed = new ArrayList<>();
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      if (tasks.containsKey(entry.getKey()) && !finished(entry.getKey())) {
        List<List<Integer>> nodesOfJob = placements.get(entry.getKey());
        training.put(entry.getKey(), placed.size());
        placed.add(
            new PodsOfJob(
                entry.getValue().id(),
                entry.getValue().type(),
                nodesOfJob.get(0),
                nodesOfJob.get(1)));
      }
    }
    double[] fullSlotEpochs = world.fullSlotEpochs(slot, placed);
    double reward = 0;
    running = 0;
    boolean ran = false;
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      int[] counts = tasks.get(entry.getKey());
      JobSpec job = entry.getValue();
      if (counts == null || finished(entry.getKey())) {
        continue;
      }
      running++; // uncounted again below if it finishes in this slot
      JobLedger.Trained trained =
          ledgers
              .get(entry.getKey())
              .train(
                  slot,
                  counts[0],
                  counts[1],
                  fullSlotEpochs[training.get(entry.getKey())],
                  job.realEpochs(),
                  scalingCost,
                  slotSeconds);
      ledgers.put(entry.getKey(), trained.ledger());
      ProgressStep step = trained.step(); // the simulator's arithmetic
      if (step.epochs() <= 0) {
        continue;
      }
      ran = true;
      Instant finishedAt = null;
      if (step.completed()) {
        finishedAt =
            slotStart.plus(Duration.ofNanos(Math.round(step.slotFraction() * slotSeconds * 1e9)));
        finished++;
        running--;
      }
      reward += step.epochs() / job.epochs();
      reporter.report(entry.getKey(), trained.ledger().progress(), finishedAt);
    }
    ranLastSlot = ran;
    return new SlotStats(
        slot,
        reward,
        (double) used[0] / nodes.spec().totalCores(),
        (double) used[1] / nodes.spec().totalGpus());
  }

  private boolean finished(String job) {
    return ledgers.get(job).progress() >= created.get(job).realEpochs();
  }

  /** Whether some job trained in the last slot. */
  boolean ranLastSlot() {
    return ranLastSlot;
  }

  /** Jobs created and not yet finished. */
  int waitingCount() {
    return created.size() - finished;
  }

  boolean allFinished() {
    return finished == trace.size();
  }

  /** The first slot in which {@code job} held a pod; -1 if it never did. */
  int firstStartSlot(JobSpec job) {
    return ledgers.get(jobName(job)).firstStartSlot();
  }

  int finishedCount() {
    return finished;
  }

  /** Job counts and work done after the last trained slot. */
  EmulatedProgress progress() {
    double work = 0;
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      work += Math.min(1, ledgers.get(entry.getKey()).progress() / entry.getValue().realEpochs());
    }
    return new EmulatedProgress(
        trace.size(), created.size(), running, finished, work / trace.size());
  }

  /** Every overcommitted node (or pod on an unknown node) seen after any slot; empty if none. */
  List<String> overcommitted() {
    return List.copyOf(overcommitted);
  }
}
