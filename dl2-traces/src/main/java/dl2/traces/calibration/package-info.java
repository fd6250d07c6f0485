/**
 * The realistic world's calibration ({@code dl2 calibrate-world}): readers of the Gavel,
 * ElasticFlow and Pollux measurement files and {@code WorldCalibration}, which fixes every
 * parameter of the realistic world from them. The same files give the same parameters bit for bit,
 * so the committed parameter file can be checked against its sources.
 */
package dl2.traces.calibration;
