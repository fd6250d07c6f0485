/**
 * What the commands run once their options are checked, with plain values rather than options:
 * comparisons ({@code ComparisonRuns}) and their report files, the emulated cluster and the
 * controller ({@code ClusterEmulatorRun}, {@code ControllerRun}, {@code ControllerBench}), the
 * experiment and train-sweep launchers, here or as one Indexed Job on a cluster ({@code
 * ExperimentLaunch}, {@code TrainSweepRun}, {@code SweepOnCluster}, {@code SweepTarget}), and the
 * files and folders they read and leave. Above {@code dl2.console}, below {@code dl2.cli}.
 */
package dl2.run;
