package dl2.kubernetes.controller;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.simulation.JobView;
import dl2.simulation.TaskPlacement;

/**
 * An admitted DL2Job as the scheduler sees it in one slot: progress from the job's own report,
 * allocation starting from zero (dl2-spec §5.1 "clear"), the nodes chosen for each task, and its
 * caps (the controller's C, or the DL2Job's own maxWorkers/maxParameterServers when lower).
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
  private final LiveSlot slot;
  private final TaskPlacement placement = new TaskPlacement();
  private double speedFactor = 1;

  /** {@code maxWorkers} and {@code maxParameterServers} are the effective caps, at most C. */
  LiveJob(LiveSlot slot, String name, int id, JobType type, int arrivalSlot, double epochs, double progress, int slotsRun,
      int maxWorkers, int maxParameterServers, ClusterSpec cluster) {
    this.slot = slot;
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

  /** The slot this view was made for; only its context places tasks for it. */
  LiveSlot slot() {
    return slot;
  }

  TaskPlacement placement() {
    return placement;
  }

  int[] workerNodes() {
    return placement.workerNodes();
  }

  int[] psNodes() {
    return placement.psNodes();
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
    return placement.workers();
  }

  @Override
  public int parameterServers() {
    return placement.parameterServers();
  }

  @Override
  public int maxWorkers() {
    return maxWorkers;
  }

  @Override
  public int maxParameterServers() {
    return maxParameterServers;
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
