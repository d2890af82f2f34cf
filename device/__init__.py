"""The appliance: command line, config, journal, buttons, seat panels, main loop (设备)."""
