// The table display's clock (a dedicated worker): a background tab slows its own timers down to
// once a minute, a worker's keep time, so the room's screen keeps up with the fight.
setInterval(() => postMessage("tick"), 2000);
