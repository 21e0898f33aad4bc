// Jest's Node environment, with each test file's global object made as an ordinary object
// (vm.constants.DONT_CONTEXTIFY) instead of Jest's default: a contextified Proxy whose every global
// look-up (Math.round, Float32Array…) goes through V8's interceptors into a Proxy trap. A pixel loop
// that calls Math.min per pixel ran about 60 times slower there than in Node; in an ordinary global
// object it runs as fast as in the worker processes the app really uses.
import vm from "node:vm";
import { TestEnvironment } from "jest-environment-node";

class OrdinaryGlobalEnvironment extends TestEnvironment {
  constructor(config, context) {
    const createContext = vm.createContext;
    vm.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = createContext;
    }
  }
}

export default OrdinaryGlobalEnvironment;
