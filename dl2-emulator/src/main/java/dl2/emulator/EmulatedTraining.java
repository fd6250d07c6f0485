package dl2.emulator;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.api.ProgressReporter;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.IndexedJobDriver;
import dl2.kubernetes.driver.VolcanoDriver;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.ProgressStep;
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
 * after every slot each job trains for one slot at the speed the simulator's world gives the tasks
 * it really has, on the nodes they run on (dl2-spec §3.3; the realistic world also uses where
 * they are), and reports through the progress contract, with {@code finishedAt} at fraction φ of
 * the slot once it reaches E*. The tasks are its pods, or the counts on its Volcano or Indexed Job,
 * whose pods another scheduler would place: the emulator spreads those least-loaded first. Also
 * checks that no node (pods) or the cluster (job objects) is ever overcommitted.
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
  private final DriverKind driver;
  private final List<String> overcommitted = new ArrayList<>();
  private int nextArrival;
  private int finished;
  private int running;
  private boolean ranLastSlot;

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
      ScalingCost scalingCost, DriverKind driver) {
    this.scalingCost = scalingCost;
    this.driver = driver;
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
      cluster.createJob(namespace, job, jobName(job));
      created.put(jobName(job), job);
      progress.put(jobName(job), 0.0);
    }
  }

  /** Trains every job for slot {@code slot} (which began at {@code slotStart}) with the pods it holds. */
  SlotStats train(int slot, Instant slotStart) {
    Map<String, int[]> tasks = new TreeMap<>();
    Map<String, List<List<Integer>>> placements = new TreeMap<>();
    int[] used = switch (driver) {
      case PODS -> podTasks(slot, tasks, placements);
      case VOLCANO -> jobObjectTasks(slot, tasks, placements, client.genericKubernetesResources(VolcanoDriver.VCJOBS)
          .inNamespace(namespace).withLabel(Labels.MANAGED_BY, Labels.CONTROLLER).list().getItems().stream()
          .map(j -> Map.entry(j.getMetadata().getName(), VolcanoDriver.replicas(j))).toList(), true);
      case INDEXED_JOB -> jobObjectTasks(slot, tasks, placements, client.batch().v1().jobs().inNamespace(namespace)
          .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER).list().getItems().stream()
          .map(j -> Map.entry(j.getMetadata().getName(),
              new int[] {IndexedJobDriver.workers(j), IndexedJobDriver.parameterServers(j)})).toList(), false);
    };
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
    running = 0;
    boolean ran = false;
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      int[] counts = tasks.get(entry.getKey());
      double done = progress.get(entry.getKey());
      JobSpec job = entry.getValue();
      if (counts != null && done < job.realEpochs()) {
        running++; // uncounted again below if it finishes in this slot
      }
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
      ProgressStep step = ProgressStep.of(done, job.realEpochs(), full, lost); // the simulator's arithmetic
      if (step.epochs() <= 0) {
        continue;
      }
      ran = true;
      Instant finishedAt = null;
      if (step.completed()) {
        finishedAt = slotStart.plus(Duration.ofNanos(Math.round(step.slotFraction() * slotSeconds * 1e9)));
        finished++;
        running--;
      }
      progress.put(entry.getKey(), done + step.epochs());
      reward += step.epochs() / job.epochs();
      reporter.report(entry.getKey(), done + step.epochs(), finishedAt);
    }
    ranLastSlot = ran;
    return new SlotStats(slot, reward, (double) used[0] / nodes.spec().totalCores(), (double) used[1] / nodes.spec().totalGpus());
  }

  /** Tasks and their nodes from the controller's pods, checking every node's capacity; returns (cores, GPUs) in use. */
  private int[] podTasks(int slot, Map<String, int[]> tasks, Map<String, List<List<Integer>>> placements) {
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
    return total(used);
  }

  /**
   * Tasks from the (workers, PS) counts of the driver's job objects, placed task by task on the
   * least-loaded node as a scheduler outside the controller would; capacity is checked for the
   * whole cluster. PS hold resources only if {@code psPods}; otherwise (an Indexed Job) they run
   * inside the worker pods, PS i with worker i modulo the workers.
   */
  private int[] jobObjectTasks(int slot, Map<String, int[]> tasks, Map<String, List<List<Integer>>> placements,
      List<Map.Entry<String, int[]>> counts, boolean psPods) {
    int[][] used = new int[nodes.names().size()][2];
    for (Map.Entry<String, int[]> job : counts.stream().sorted(Map.Entry.comparingByKey()).toList()) {
      JobSpec spec = created.get(job.getKey());
      int workers = job.getValue()[0];
      int ps = job.getValue()[1];
      if (spec == null || workers + ps == 0 || (!psPods && workers == 0)) {
        continue;
      }
      tasks.put(job.getKey(), new int[] {workers, ps});
      List<Integer> workerNodes = new ArrayList<>();
      List<Integer> psNodes = new ArrayList<>();
      for (int i = 0; i < workers; i++) {
        workerNodes.add(placeLeastLoaded(used, spec.type().demand(Task.WORKER)));
      }
      for (int i = 0; i < ps; i++) {
        psNodes.add(psPods ? placeLeastLoaded(used, spec.type().demand(Task.PS)) : workerNodes.get(i % workers));
      }
      placements.put(job.getKey(), List.of(workerNodes, psNodes));
    }
    int[] total = total(used);
    if (total[0] > nodes.spec().totalCores() || total[1] > nodes.spec().totalGpus()) {
      overcommitted.add("slot " + slot + ": the cluster holds " + total[0] + " cores, " + total[1] + " GPUs");
    }
    return total;
  }

  /** The node with the lowest load (used over capacity, summed over resources), ties to the lower index; charged. */
  private int placeLeastLoaded(int[][] used, Resources demand) {
    int best = 0;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int n = 0; n < used.length; n++) {
      double load = (double) used[n][0] / nodes.spec().coresPerNode() + (double) used[n][1] / nodes.spec().gpusPerNode();
      if (load < bestLoad) {
        best = n;
        bestLoad = load;
      }
    }
    used[best][0] += demand.cores();
    used[best][1] += demand.gpus();
    return best;
  }

  private static int[] total(int[][] used) {
    int[] total = new int[2];
    for (int[] node : used) {
      total[0] += node[0];
      total[1] += node[1];
    }
    return total;
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
    return firstStartSlots.getOrDefault(jobName(job), -1);
  }

  int finishedCount() {
    return finished;
  }

  /** Job counts and work done after the last trained slot. */
  EmulatedProgress progress() {
    double work = 0;
    for (Map.Entry<String, JobSpec> entry : created.entrySet()) {
      work += Math.min(1, progress.get(entry.getKey()) / entry.getValue().realEpochs());
    }
    return new EmulatedProgress(trace.size(), created.size(), running, finished, work / trace.size());
  }

  /** Every overcommitted node (or pod on an unknown node) seen after any slot; empty if none. */
  List<String> overcommitted() {
    return List.copyOf(overcommitted);
  }
}
