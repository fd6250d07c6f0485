package dl2.kubernetes.controller;

import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ControllerState;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.JobPlan;
import dl2.kubernetes.driver.RunningTask;
import dl2.kubernetes.driver.ScalingDriver;
import dl2.model.Resources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The slot's apply step (dl2-spec §11: only the deltas): the driver makes the cluster match the
 * decision's plans, and what the API server refuses of one job stops no other. A job that ran
 * nothing as the slot started is rejected and keeps nothing; a job that ran tasks keeps the pods of
 * its plan that exist after the apply (those it ran and the decision kept, and the new ones the
 * server admitted), so that a quota added under a running job does not end it the first time it is
 * to grow, and a quota that admits part of its growth does not make it churn every slot (it is
 * refused again each slot it is to grow, until the namespace admits its pods). Under volcano and
 * indexed-job, which place no pod themselves, a job whose Job exists keeps it at the size its
 * status says.
 *
 * @param changes what the driver created and deleted; its rejections are only {@code rejected}'s
 * @param rejected the jobs left out, name to the server's message
 * @param refused the running jobs that keep what they ran, name to the server's message
 * @param kept each refused job's kept plan
 */
record SlotApply(
    ScalingDriver.Changes changes,
    Map<String, String> rejected,
    Map<String, String> refused,
    Map<String, JobPlan> kept) {

  /** Applies {@code decision} with {@code driver}, after removing a previous driver's objects. */
  static SlotApply of(
      ClusterApi api,
      ControllerConfig config,
      ScalingDriver driver,
      DriverKind kind,
      SlotObservation seen,
      SlotDecider.Decision decision) {
    Resources capacity =
        new Resources(seen.nodes().spec().coresPerNode(), seen.nodes().spec().gpusPerNode());
    ScalingDriver.Changes changes =
        handOver(api, config, kind, seen.state()).plus(driver.apply(decision.plans(), capacity));
    Map<String, String> rejected = new TreeMap<>();
    Map<String, String> refused = new TreeMap<>();
    Map<String, JobPlan> kept = new TreeMap<>();
    if (changes.rejected().isEmpty()) {
      return new SlotApply(changes, rejected, refused, kept);
    }
    Map<String, List<RunningTask>> now = new TreeMap<>(); // the first apply's admitted pods too
    for (RunningTask task : driver.running()) {
      now.computeIfAbsent(task.job(), j -> new ArrayList<>()).add(task);
    }
    Map<String, int[]> ran = new TreeMap<>(); // under volcano and indexed-job: what the Job holds
    for (Admission.Entry entry : decision.schedulable()) {
      Dl2JobStatus before = entry.before();
      ran.put(
          entry.job().name(),
          new int[] {
            before.workers == null ? 0 : before.workers,
            before.parameterServers == null ? 0 : before.parameterServers
          });
    }
    List<JobPlan> again = new ArrayList<>();
    for (JobPlan plan : decision.plans()) {
      String message = changes.rejected().get(plan.name());
      if (message == null) {
        again.add(plan);
        continue;
      }
      JobPlan keep =
          kind == DriverKind.PODS
              ? keptOf(
                  plan,
                  seen.running().containsKey(plan.name())
                      ? now.getOrDefault(plan.name(), List.of())
                      : List.of())
              : sized(plan, ran.getOrDefault(plan.name(), new int[2]));
      if (keep.workerNodes().isEmpty() && keep.psNodes().isEmpty()) {
        rejected.put(plan.name(), message);
      } else {
        refused.put(plan.name(), message);
        kept.put(plan.name(), keep);
        again.add(keep);
      }
    }
    changes.rejected().keySet().stream()
        .filter(job -> !refused.containsKey(job)) // e.g. the Service of a job with no plan
        .forEach(job -> rejected.putIfAbsent(job, changes.rejected().get(job)));
    ScalingDriver.Changes second = driver.apply(again, capacity);
    second.rejected().keySet().stream()
        .filter(job -> !refused.containsKey(job))
        .forEach(job -> rejected.putIfAbsent(job, second.rejected().get(job)));
    ScalingDriver.Changes all =
        new ScalingDriver.Changes(
            changes.created() + second.created(), changes.deleted() + second.deleted());
    return new SlotApply(all, rejected, refused, kept);
  }

  /**
   * {@code plan} cut to the tasks {@code running}: per role and node, the fewer of the two counts.
   */
  static JobPlan keptOf(JobPlan plan, List<RunningTask> running) {
    return new JobPlan(
        plan.name(),
        plan.uid(),
        plan.type(),
        plan.spec(),
        kept(plan.workerNodes(), running, dl2.kubernetes.api.Labels.WORKER),
        kept(plan.psNodes(), running, dl2.kubernetes.api.Labels.PS),
        plan.nextWorkerIndex(),
        plan.nextPsIndex());
  }

  /**
   * {@code plan} at the size its job's Volcano or Indexed Job had (its status's counts, {@code
   * workersAndPs}), so that the driver leaves that Job as it is: those drivers' Jobs are resized by
   * counts, and a node list only places a Job when it is created.
   */
  static JobPlan sized(JobPlan plan, int[] workersAndPs) {
    return new JobPlan(
        plan.name(),
        plan.uid(),
        plan.type(),
        plan.spec(),
        nodes(plan.workerNodes(), workersAndPs[0]),
        nodes(plan.psNodes(), workersAndPs[1]),
        plan.nextWorkerIndex(),
        plan.nextPsIndex());
  }

  /** {@code count} of {@code nodes}, the last repeated where there are too few (or "" if none). */
  private static List<String> nodes(List<String> nodes, int count) {
    List<String> sized = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      sized.add(
          i < nodes.size() ? nodes.get(i) : nodes.isEmpty() ? "" : nodes.get(nodes.size() - 1));
    }
    return sized;
  }

  private static List<String> kept(List<String> wanted, List<RunningTask> running, String role) {
    Map<String, Integer> runs = new HashMap<>();
    running.stream()
        .filter(t -> t.role().equals(role))
        .forEach(t -> runs.merge(t.node(), 1, Integer::sum));
    List<String> keep = new ArrayList<>();
    for (String node : wanted) {
      if (runs.getOrDefault(node, 0) > 0) {
        runs.merge(node, -1, Integer::sum);
        keep.add(node);
      }
    }
    return keep;
  }

  /**
   * After a switch of drivers, removes the previous driver's objects (they would hold resources,
   * and the new driver could mistake their pods for its own), then records the new driver.
   */
  private static ScalingDriver.Changes handOver(
      ClusterApi api, ControllerConfig config, DriverKind kind, ControllerState state) {
    if (kind.cliName().equals(state.driver())) {
      return new ScalingDriver.Changes(0, 0);
    }
    ScalingDriver.Changes removed = new ScalingDriver.Changes(0, 0);
    if (state.driver() != null) {
      DriverKind previous =
          Arrays.stream(DriverKind.values())
              .filter(k -> k.cliName().equals(state.driver()))
              .findFirst()
              .orElse(null);
      if (previous != null) {
        removed =
            PreviousDriver.removeAll(
                previous.driver(api, config.tolerations(), config.taskCap(), null, null), previous);
      }
    }
    api.controllerState().recordDriver(kind.cliName());
    return removed;
  }
}
