export { AgentActivitySection } from './components/agent-activity-section';
