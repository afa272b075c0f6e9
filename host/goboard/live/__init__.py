"""The live feed: the state one board's events build, the hub the page reads, where
events come from (serial, MQTT, recordings), the MQTT connection, pairings, `web/`."""
