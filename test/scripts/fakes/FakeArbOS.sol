// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

// Stand-ins for the Nitro precompiles scripts/deploy.sh talks to, for test/scripts/nitro-scripts.test.mjs,
// which puts each one's runtime code at its precompile's address on anvil (anvil_setCode). Behaviour as
// in Nitro's precompiles/*.go and arbos/programs/programs.go, reduced to what the scripts rely on; the
// `fake*` functions are the test's levers (an ArbOS upgrade, time passing) and have no Nitro counterpart.

address constant ARB_OWNER = address(0x70);
address constant ARB_WASM = address(0x71);
address constant ARB_DEBUG = address(0xff);

/// @notice ArbOwner (0x70): chain owners, cache managers and the L1 price per unit.
contract FakeArbOwner {
    /// @notice Only a chain owner may call this (Nitro: "unauthorized caller to access-controlled method").
    error NotChainOwner(address caller);

    mapping(address => bool) public isChainOwner;
    mapping(address => bool) public isCacheManager;
    bool internal l1PriceSet;
    uint256 internal l1Price;

    modifier onlyOwner() {
        if (!isChainOwner[msg.sender]) revert NotChainOwner(msg.sender);
        _;
    }

    /// @notice What ArbDebug.becomeChainOwner does.
    function fakeAddOwner(address owner) external {
        if (msg.sender != ARB_DEBUG) revert NotChainOwner(msg.sender);
        isChainOwner[owner] = true;
    }

    function setL1PricePerUnit(uint256 price) external onlyOwner {
        (l1PriceSet, l1Price) = (true, price);
    }

    function addWasmCacheManager(address manager) external onlyOwner {
        isCacheManager[manager] = true;
    }

    /// @notice The L1 price per unit: a dev node starts above 0.
    function l1PricePerUnit() external view returns (uint256) {
        return l1PriceSet ? l1Price : 50 gwei;
    }
}

/// @notice ArbDebug (0xff, debug chains only).
contract FakeArbDebug {
    function becomeChainOwner() external {
        FakeArbOwner(ARB_OWNER).fakeAddOwner(msg.sender);
    }
}

/// @notice ArbOwnerPublic (0x6b).
contract FakeArbOwnerPublic {
    function isChainOwner(address account) external view returns (bool) {
        return FakeArbOwner(ARB_OWNER).isChainOwner(account);
    }
}

/// @notice ArbGasInfo (0x6c): getL1BaseFeeEstimate is the L1 price per unit.
contract FakeArbGasInfo {
    function getL1BaseFeeEstimate() external view returns (uint256) {
        return FakeArbOwner(ARB_OWNER).l1PricePerUnit();
    }
}

/// @notice ArbWasm (0x71): program activation by code hash, with Nitro's errors.
contract FakeArbWasm {
    error ProgramNotWasm();
    error ProgramNotActivated();
    error ProgramNeedsUpgrade(uint16 version, uint16 stylusVersion);
    error ProgramExpired(uint64 ageInSeconds);
    error ProgramUpToDate();
    error ProgramInsufficientValue(uint256 have, uint256 want);

    /// @notice The data fee of an activation, in wei (Nitro prices it by the program's asm size).
    uint256 public constant DATA_FEE = 1_234_567_890;
    /// @notice Nitro's default ExpiryDays (365).
    uint256 public constant EXPIRY = 365 days;

    struct Program {
        uint16 version;
        uint64 activatedAt;
    }

    mapping(bytes32 => Program) internal programs;
    /// @notice How often each code hash was activated (for the test's assertions).
    mapping(bytes32 => uint256) public activations;
    uint16 internal upgrades;

    /// @notice Stylus version 2 (ArbOS 50/51), plus one per fakeArbOSUpgrade.
    function stylusVersion() public view returns (uint16) {
        return 2 + upgrades;
    }

    function codehashVersion(bytes32 codehash) public view returns (uint16) {
        Program memory program = programs[codehash];
        if (program.version == 0) revert ProgramNotActivated();
        if (program.version != stylusVersion()) revert ProgramNeedsUpgrade(program.version, stylusVersion());
        uint256 age = block.timestamp - program.activatedAt;
        // forge-lint: disable-next-line(unsafe-typecast)
        if (age > EXPIRY) revert ProgramExpired(uint64(age)); // an age since a uint64 timestamp
        return program.version;
    }

    function programVersion(address program) external view returns (uint16) {
        return codehashVersion(program.codehash);
    }

    /// @notice Activates the code at `program` (any caller), charging DATA_FEE and returning the rest.
    function activateProgram(address program) external payable returns (uint16 version, uint256 dataFee) {
        bytes memory code = program.code;
        if (code.length < 4 || code[0] != 0xef || code[1] != 0xf0 || code[2] != 0x00) {
            revert ProgramNotWasm();
        }
        Program memory current = programs[program.codehash];
        bool expired = block.timestamp - current.activatedAt > EXPIRY;
        if (current.version == stylusVersion() && !expired) revert ProgramUpToDate();
        if (msg.value < DATA_FEE) revert ProgramInsufficientValue(msg.value, DATA_FEE);
        // forge-lint: disable-next-line(unsafe-typecast)
        programs[program.codehash] = Program(stylusVersion(), uint64(block.timestamp)); // seconds fit
        activations[program.codehash] += 1;
        payable(msg.sender).transfer(msg.value - DATA_FEE);
        return (stylusVersion(), DATA_FEE);
    }

    /// @notice An ArbOS upgrade that raises the Stylus version: every program needs activating again.
    function fakeArbOSUpgrade() external {
        upgrades += 1;
    }

    /// @notice Makes a program's activation `secondsAgo` older.
    function fakeAge(bytes32 codehash, uint64 secondsAgo) external {
        programs[codehash].activatedAt -= secondsAgo;
    }
}

/// @notice ArbWasmCache (0x72): caching belongs to the code hash; managers and owners may cache and evict.
contract FakeArbWasmCache {
    /// @notice Nitro: only a cache manager or chain owner may cache or evict.
    error NotCacheManager(address caller);

    mapping(bytes32 => bool) public codehashIsCached;

    modifier onlyManager() {
        FakeArbOwner owner = FakeArbOwner(ARB_OWNER);
        if (!owner.isCacheManager(msg.sender) && !owner.isChainOwner(msg.sender)) {
            revert NotCacheManager(msg.sender);
        }
        _;
    }

    function isCacheManager(address manager) external view returns (bool) {
        return FakeArbOwner(ARB_OWNER).isCacheManager(manager);
    }

    /// @notice Caches an active program; like Nitro, fails with ArbWasm's error for one that is not.
    function cacheProgram(address program) external onlyManager {
        FakeArbWasm(ARB_WASM).codehashVersion(program.codehash);
        codehashIsCached[program.codehash] = true;
    }

    function evictCodehash(bytes32 codehash) external onlyManager {
        codehashIsCached[codehash] = false;
    }
}
