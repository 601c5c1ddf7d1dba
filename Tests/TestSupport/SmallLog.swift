/// A small log used by the tests of the replay module and of the command line.
public let smallLog = lines(
    #"{"chatlog":1,"config":{"atBottomThreshold":10}}"#,
    #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50,"t":0}"#,
    #"""
    {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":400},{"id":"m2",\#
    "direction":"outgoing","height":300},{"id":"m3","direction":"incoming","height":300}],"hasMoreOlder":false,\#
    "t":0.1}
    """#,
    #"{"type":"dragBegan","t":1}"#,
    #"{"type":"scrolled","offset":100,"t":1.1}"#,
    #"{"type":"dragEnded","offset":100,"t":1.2}"#
)
