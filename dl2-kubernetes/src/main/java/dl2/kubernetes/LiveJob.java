package dl2.kubernetes;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.simulation.JobView;
import java.util.ArrayList;
import java.util.List;

/**
 * An admitted DL2Job as the scheduler sees it in one slot: progress from the job's own report,
 * allocation starting from zero (dl2-spec §5.1 "clear"), and the nodes chosen for each task.
 */
final class LiveJob implements JobView {
  private final String name;
  private final int id;
  private final JobType type;
  private final int arrivalSlot;
  private final double epochs;
  private final double progress;
  private final int slotsRun;
  private final int maxWorkers;
  private final int maxParameterServers;
  private final ClusterSpec cluster;
  private double speedFactor = 1;
  private final List<Integer> workerNodes = new ArrayList<>();
  private final List<Integer> psNodes = new ArrayList<>();

  LiveJob(String name, int id, JobType type, int arrivalSlot, double epochs, double progress, int slotsRun,
      int maxWorkers, int maxParameterServers, ClusterSpec cluster) {
    this.name = name;
    this.id = id;
    this.type = type;
    this.arrivalSlot = arrivalSlot;
    this.epochs = epochs;
    this.progress = progress;
    this.slotsRun = slotsRun;
    this.maxWorkers = maxWorkers;
    this.maxParameterServers = maxParameterServers;
    this.cluster = cluster;
  }

  String name() {
    return name;
  }

  /** Observed over modelled speed (see {@link ReportedSpeed}); 1 without estimates. */
  double speedFactor() {
    return speedFactor;
  }

  LiveJob withSpeedFactor(double factor) {
    this.speedFactor = factor;
    return this;
  }

  /** True if this job may take {@code task} under its own caps. */
  boolean withinOwnCaps(Task task) {
    return workers() + task.workers() <= maxWorkers && parameterServers() + task.parameterServers() <= maxParameterServers;
  }

  void add(Task task, int node) {
    if (task.workers() > 0) {
      workerNodes.add(node);
    }
    if (task.parameterServers() > 0) {
      psNodes.add(node);
    }
  }

  List<Integer> workerNodes() {
    return List.copyOf(workerNodes);
  }

  List<Integer> psNodes() {
    return List.copyOf(psNodes);
  }

  @Override
  public int id() {
    return id;
  }

  @Override
  public JobType type() {
    return type;
  }

  @Override
  public int arrivalSlot() {
    return arrivalSlot;
  }

  @Override
  public double epochs() {
    return epochs;
  }

  @Override
  public double progress() {
    return progress;
  }

  @Override
  public int workers() {
    return workerNodes.size();
  }

  @Override
  public int parameterServers() {
    return psNodes.size();
  }

  @Override
  public double dominantShare() {
    return cluster.dominantShare(type, workers(), parameterServers());
  }

  @Override
  public int slotsRun() {
    return slotsRun;
  }

  @Override
  public String toString() {
    return "DL2Job " + name + " (id " + id + ", " + type.modelName() + ", " + workers() + "w/" + parameterServers() + "ps)";
  }
}
