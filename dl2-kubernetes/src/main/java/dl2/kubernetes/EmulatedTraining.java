package dl2.kubernetes;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.ScalingCost;
import dl2.simulation.SlotStats;
import dl2.simulation.world.PlacedJob;
import dl2.simulation.world.WorldRun;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The emulated training jobs of a trace: each job's DL2Job is created at its arrival slot, and
 * after every slot each job trains for one slot at the speed the simulator's world gives the pods
 * it really has, on the nodes they run on (dl2-spec §3.3; the realistic world also uses where
 * they are), and reports through the progress contract, with {@code finishedAt} at fraction φ of
 * the slot once it reaches E*. Also checks that no node is ever overcommitted.
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
  private final Map<String, Double> progress = new TreeMap<>();
  private final Map<String, int[]> previousTasks = new TreeMap<>();
  private final Map<String, Integer> firstStartSlots = new TreeMap<>();
  private final ScalingCost scalingCost;
  private final List<String> overcommitted = new ArrayList<>();
  private int nextArrival;
  private int finished;

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

  EmulatedTraining(MockCluster cluster, String namespace, Trace trace, WorldRun world, int slotSeconds,
      ScalingCost scalingCost) {
    this.scalingCost = scalingCost;
    this.cluster = cluster;
    this.client = cluster.client();
    this.namespace = namespace;
    this.trace = trace;
    this.world = world;
    this.slotSeconds = slotSeconds;
    this.nodes = NodeInventory.of(client.nodes().list().getItems());
    this.reporter = new ProgressReporter(client, namespace, ApiRetry.standard());
  }

  static String jobName(JobSpec job) {
    return String.format("job-%05d", job.id());
  }

  /** Creates the DL2Jobs of every job arriving by {@code slot}, in (arrival, id) order. */
  void createArrivals(int slot) {
    List<JobSpec> ordered = trace.jobs().stream()
        .sorted((a, b) -> a.arrivalSlot() != b.arrivalSlot() ? Integer.compare(a.arrivalSlot(), b.arrivalSlot())
            : Integer.compare(a.id(), b.id()))
        .toList();
    while (nextArrival < ordered.size() && ordered.get(nextArrival).arrivalSlot() <= slot) {
      JobSpec job = ordered.get(nextArrival++);
      cluster.createJob(namespace, jobName(job), job.type().modelName(), job.epochs());
      created.put(jobName(job), job);
      progress.put(jobName(job), 0.0);
    }
  }

  /** Trains every job for slot {@code slot} (which began at {@code slotStart}) with the pods it holds. */
  SlotStats train(int slot, Instant slotStart) {
    Map<String, int[]> tasks = new TreeMap<>();
    Map<String, List<List<Integer>>> placements = new TreeMap<>();
    int[][] used = new int[nodes.names().size()][2];
    for (Pod pod : client.pods().inNamespace(namespace).withLabel(Labels.MANAGED_BY, Labels.CONTROLLER).list().getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() != null) {
        continue;
      }
      charge(pod, used);
      int node = nodes.indexOf(pod.getSpec().getNodeName());
      if (node < 0) {
        continue; // reported by charge; a pod on no known node does not train
      }
      String job = pod.getMetadata().getLabels().get(Labels.JOB);
      int role = Labels.WORKER.equals(pod.getMetadata().getLabels().get(Labels.ROLE)) ? 0 : 1;
      tasks.computeIfAbsent(job, k -> new int[2])[role]++;
      placements.computeIfAbsent(job, k -> List.of(new ArrayList<>(), new ArrayList<>())).get(role).add(node);
    }
    checkCapacity(slot, used);
    Map<String, Integer> training = new TreeMap<>(); // job name → its index in placed
    List<PodsOfJob> placed = new ArrayList<>();
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      if (tasks.containsKey(entry.getKey()) && progress.get(entry.getKey()) < entry.getValue().realEpochs()) {
        List<List<Integer>> nodesOfJob = placements.get(entry.getKey());
        training.put(entry.getKey(), placed.size());
        placed.add(new PodsOfJob(entry.getValue().id(), entry.getValue().type(), nodesOfJob.get(0), nodesOfJob.get(1)));
      }
    }
    double[] fullSlotEpochs = world.fullSlotEpochs(slot, placed);
    double reward = 0;
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      int[] counts = tasks.get(entry.getKey());
      double done = progress.get(entry.getKey());
      JobSpec job = entry.getValue();
      if (counts == null || done >= job.realEpochs()) {
        if (previousTasks.containsKey(entry.getKey())) {
          previousTasks.put(entry.getKey(), new int[2]); // suspended this slot: a later restart resumes from 0/0
        }
        continue;
      }
      firstStartSlots.putIfAbsent(entry.getKey(), slot);
      double full = fullSlotEpochs[training.get(entry.getKey())];
      int[] before = previousTasks.getOrDefault(entry.getKey(), new int[2]);
      boolean hasRun = previousTasks.containsKey(entry.getKey());
      previousTasks.put(entry.getKey(), counts);
      double lost = scalingCost.lostFraction(before[0], before[1], counts[0], counts[1], hasRun, slotSeconds);
      double delta = full * (1 - lost); // checkpoint-restart or hot scaling first, then training
      if (delta <= 0) {
        continue;
      }
      Instant finishedAt = null;
      if (done + delta >= job.realEpochs()) {
        double fraction = lost + (job.realEpochs() - done) / full;
        finishedAt = slotStart.plus(Duration.ofNanos(Math.round(fraction * slotSeconds * 1e9)));
        delta = job.realEpochs() - done;
        finished++;
      }
      progress.put(entry.getKey(), done + delta);
      reward += delta / job.epochs();
      reporter.report(entry.getKey(), done + delta, finishedAt);
    }
    int totalCores = 0;
    int totalGpus = 0;
    for (int[] node : used) {
      totalCores += node[0];
      totalGpus += node[1];
    }
    return new SlotStats(slot, reward, (double) totalCores / nodes.spec().totalCores(),
        (double) totalGpus / nodes.spec().totalGpus());
  }

  private void charge(Pod pod, int[][] used) {
    int node = nodes.indexOf(pod.getSpec().getNodeName());
    if (node < 0) {
      overcommitted.add("pod " + pod.getMetadata().getName() + " is on unknown node " + pod.getSpec().getNodeName());
      return;
    }
    for (Container container : pod.getSpec().getContainers()) {
      if (container.getResources() != null && container.getResources().getRequests() != null) {
        used[node][0] += NodeInventory.whole(container.getResources().getRequests().get("cpu"));
        used[node][1] += NodeInventory.whole(container.getResources().getRequests().get(Labels.GPU_RESOURCE));
      }
    }
  }

  private void checkCapacity(int slot, int[][] used) {
    for (int n = 0; n < used.length; n++) {
      if (used[n][0] > nodes.spec().coresPerNode() || used[n][1] > nodes.spec().gpusPerNode()) {
        overcommitted.add("slot " + slot + ": " + nodes.names().get(n) + " holds " + used[n][0] + " cores, " + used[n][1]
            + " GPUs");
      }
    }
  }

  boolean allFinished() {
    return finished == trace.size();
  }

  /** The first slot in which {@code job} held a pod; -1 if it never did. */
  int firstStartSlot(JobSpec job) {
    return firstStartSlots.getOrDefault(jobName(job), -1);
  }

  int finishedCount() {
    return finished;
  }

  /** Every overcommitted node (or pod on an unknown node) seen after any slot; empty if none. */
  List<String> overcommitted() {
    return List.copyOf(overcommitted);
  }
}
