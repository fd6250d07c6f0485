/**
 * The emulated cluster: fabric8's mock API server in-process ({@code MockCluster}) with one
 * emulated node per node of a preset, training jobs that progress by the simulator's rules on an
 * accelerated clock and report through the progress contract ({@code EmulatedTraining}), and {@code
 * ClusterEmulator}, which runs a trace through the real controller over HTTP. The only main package
 * that uses the mock server; the controller's image is built without it.
 */
package dl2.emulator;
