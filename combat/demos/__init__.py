"""Demo encounters per rule system: a prepared fight and a finished one with its whole log
(each system's description names its module: `demo_fights`)."""
