/**
 * The Kubernetes side every part of the controller shares: the {@code DL2Job} custom resource
 * (spec, status, conditions, phases, labels), every API call with retries and idempotent creates
 * ({@code ClusterApi}, {@code ApiRetry}), the connection check of a real cluster, the schedulable
 * nodes ({@code NodeInventory}) and the training job's side of the progress contract ({@code
 * ProgressReporter}). Only the fabric8 client, never the mock server.
 */
package dl2.kubernetes.api;
